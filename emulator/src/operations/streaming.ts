// Streaming: the fixtures' live streams, page by page, and their videos.
import type { components } from 'cloud-platform-api';
import { notFound } from './answers.js';
import { defineArea, replacing, schemaRef } from './area.js';
import builtIn from './fixtures/streaming.json' with { type: 'json' };

type Schemas = components['schemas'];

export interface StreamingFixtures {
  /** Streams per page of GET /streaming/streams. */
  streamsPageSize: number;
  streams: (Schemas['LiveStream'] & { id: number })[];
  videos: (Schemas['Video'] & { id: number })[];
}

const withId = (name: string) => ({
  type: 'array',
  items: { type: 'object', allOf: [schemaRef(name)], required: ['id'] },
});

export const streaming = defineArea<Record<never, never>, StreamingFixtures>({
  fixtures: {
    schema: () => ({
      streamsPageSize: { type: 'integer', minimum: 1 },
      streams: withId('LiveStream'),
      videos: withId('Video'),
    }),
    builtIn: builtIn as StreamingFixtures,
  },
  handlers: ({ fixtures }) => {
    // Pages of the (frozen) fixture streams, made once each, so their JSON can be cached too.
    const streamPages = new Map<number, readonly Schemas['LiveStream'][]>();
    return {
      // `with_broadcasts` is accepted and changes nothing: what it adds is not documented anywhere.
      listStreams({ query }) {
        const page = query.page ?? 1;
        // The document sets `page` no minimum: a page before the first is answered, and holds nothing.
        if (page < 1) return [];
        const size = fixtures.streamsPageSize;
        let slice = streamPages.get(page);
        if (!slice) {
          slice = Object.freeze(fixtures.streams.slice((page - 1) * size, page * size));
          if (slice.length > 0) streamPages.set(page, slice);
        }
        return slice as Schemas['LiveStream'][];
      },
      getVideo({ params }) {
        const video = fixtures.videos.find((v) => v.id === params.video_id);
        if (!video) throw notFound(`Video ${params.video_id}`);
        return video;
      },
    };
  },
  recorders: {
    getVideo: ({ params, body }, recorded) => ({
      videos: replacing(recorded.videos, { ...body, id: params.video_id }, (video) => video.id),
    }),
    // A page takes its place among the pages recorded before, all of the size of the first recorded
    // (record them from page 1: a page the server shortened cannot tell the size).
    listStreams: ({ query, body }, recorded) => {
      const page = query.page ?? 1;
      if (page < 1 || body.length === 0) return {};
      const size = recorded.streamsPageSize ?? body.length;
      const streams = [...(recorded.streams ?? [])];
      streams.splice((page - 1) * size, size, ...(body as StreamingFixtures['streams']));
      return { streamsPageSize: size, streams };
    },
  },
});
