import pLimit from 'p-limit';
import sharp from 'sharp';

/**
 * How many sharp operations run at once, process-wide. Each one holds a thread of libuv's pool
 * (UV_THREADPOOL_SIZE, 4 by default) until libvips is done, and a native render cannot be
 * interrupted. Password hashing (@node-rs/argon2 queues on that same pool) and file reads
 * (static files, uploads) must always find a free thread, so image work never takes more than
 * one: everything else gets the other three.
 */
export const IMAGE_WORK_SLOTS = 1;

// One libvips thread per operation: a render uses one core, the rest stay with the requests.
sharp.concurrency(1);

const slots = pLimit(IMAGE_WORK_SLOTS);

/**
 * Runs a sharp operation (decode, metadata, render) when an image slot is free. Every sharp call
 * on untrusted input goes through here; requests wait their turn in order.
 */
export const imageWork = <T>(work: () => Promise<T>): Promise<T> => slots(work);
