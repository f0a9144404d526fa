// What the application enqueues with: the queue's enqueue, narrowed to the kinds of job that have a
// handler (names.ts). The queue itself stays generic over names for its own tests.
import { enqueueJob as enqueueAnyJob, type EnqueueJobInput } from "./queue.ts";
import type { JobName } from "./names.ts";

export function enqueueJob(
  db: Parameters<typeof enqueueAnyJob>[0],
  input: EnqueueJobInput<JobName>,
): Promise<number | null> {
  return enqueueAnyJob(db, input);
}
