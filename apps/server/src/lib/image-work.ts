import pLimit from 'p-limit';
import sharp from 'sharp';

/**
 * How many sharp operations run at once, process-wide. Each one holds a thread of libuv's pool
 * (UV_THREADPOOL_SIZE, 4 by default) until libvips is done, and a native render cannot be
 * interrupted. Password hashing (@node-rs/argon2 queues on that same pool) and file reads
 * (static files, uploads) must always find a free thread, so image work never takes more than
 * one: everything else gets the other three.
 */
const IMAGE_WORK_SLOTS = 1;

// One libvips thread per operation: a render uses one core, the rest stay with the requests.
sharp.concurrency(1);

const slots = pLimit(IMAGE_WORK_SLOTS);

/**
 * Runs a sharp operation (decode, metadata, render) when an image slot is free. Every sharp call
 * on untrusted input goes through here; requests wait their turn in order.
 */
export const imageWork = <T>(work: () => Promise<T>): Promise<T> => slots(work);

/**
 * What libvips takes for SVG (an `<svg` tag near the start), with a wider window than its own.
 * librsvg parses the whole document even for a header read, so SVG is recognised before sharp.
 */
export const looksLikeSvg = (input: Buffer) =>
  /<svg/i.test(input.subarray(0, 4096).toString('latin1'));

/** librsvg also reads gzipped SVG, which could unpack to any size. */
export const isGzip = (input: Buffer) => input[0] === 0x1f && input[1] === 0x8b;
