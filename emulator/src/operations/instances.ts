// Instances: the ports of the fixtures' instances, by project, region and instance.
import type { components } from 'cloud-platform-api';
import { notFound } from './answers.js';
import { defineArea, parameterRef, replacing, schemaRef } from './area.js';
import builtIn from './fixtures/instances.json' with { type: 'json' };

export type Instance = {
  project_id: number;
  region_id: number;
  instance_id: string;
  ports: components['schemas']['InstancePort'][];
};

export type InstancesFixtures = { instances: Instance[] };

const instanceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['project_id', 'region_id', 'instance_id', 'ports'],
  properties: {
    project_id: parameterRef('ProjectId'),
    region_id: parameterRef('RegionId'),
    instance_id: parameterRef('InstanceId'),
    ports: { type: 'array', items: schemaRef('InstancePort') },
  },
};

export const instances = defineArea<Record<never, never>, InstancesFixtures>({
  fixtures: {
    schema: () => ({ instances: { type: 'array', items: instanceSchema } }),
    builtIn: builtIn as InstancesFixtures,
  },
  handlers: ({ fixtures }) => ({
    listInstancePorts({ params }) {
      const instance = fixtures.instances.find(
        (i) =>
          i.project_id === params.project_id &&
          i.region_id === params.region_id &&
          i.instance_id === params.instance_id,
      );
      if (!instance)
        throw notFound(`Instance ${params.instance_id} in project ${params.project_id}, region ${params.region_id}`);
      return { count: instance.ports.length, results: instance.ports };
    },
  }),
  recorders: {
    listInstancePorts: ({ params, body }, recorded) => ({
      instances: replacing(recorded.instances, { ...params, ports: body.results ?? [] }, (i) =>
        JSON.stringify([i.project_id, i.region_id, i.instance_id]),
      ),
    }),
  },
});
