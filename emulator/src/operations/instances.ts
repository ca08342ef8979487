// Instances: the ports of the fixtures' instances, by project, region and instance.
import { notFound } from './answers.js';
import type { AreaContext, OperationHandler } from './types.js';

export function instancesHandlers({ fixtures }: AreaContext): { listInstancePorts: OperationHandler<'listInstancePorts'> } {
  return {
    listInstancePorts({ params }) {
      const instance = fixtures.instances.find((i) => i.project_id === params.project_id && i.region_id === params.region_id && i.instance_id === params.instance_id);
      if (!instance) throw notFound(`Instance ${params.instance_id} in project ${params.project_id}, region ${params.region_id}`);
      return { count: instance.ports.length, results: instance.ports };
    },
  };
}
