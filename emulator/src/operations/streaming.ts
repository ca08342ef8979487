// Streaming: the fixtures' live streams, page by page, and their videos.
import type { components } from 'cloud-platform-api';
import { notFound } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

export function streamingHandlers({ fixtures }: AreaContext): { listStreams: OperationHandler<'listStreams'>; getVideo: OperationHandler<'getVideo'> } {
  // Pages of the (frozen) fixture streams, made once each, so their JSON can be cached too.
  const streamPages = new Map<number, readonly components['schemas']['LiveStream'][]>();
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
      return slice as components['schemas']['LiveStream'][];
    },
    getVideo({ params }) {
      const video = fixtures.videos.find((v) => v.id === params.video_id);
      if (!video) throw notFound(`Video ${params.video_id}`);
      return video;
    },
  };
}
