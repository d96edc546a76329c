import { fork, type ChildProcess } from 'node:child_process';

/**
 * The most CPU time an SVG stamp may take to draw, whatever its cost said (`svg-cost.ts` bounds
 * what it can count; this bounds everything else, such as text in faces the check cannot see).
 * The costliest drawing the check accepts takes 2 s of CPU on a quiet machine, and up to 7 s on
 * this 2-core machine while other processes keep both cores busy (measured: cores shared with
 * other work make the same drawing cost more CPU time, not only more time on the clock).
 */
const SVG_RENDER_CPU_MS = 10_000;
/**
 * The longest a drawing may take on the clock, from when its process starts it: only a process
 * that stopped answering (or a machine that has stalled for long) gets there, as the CPU budget
 * ends any real drawing first.
 */
const SVG_RENDER_WALL_MS = 60_000;
/** The longest a new drawing process may take to start and take its first drawing. */
const PROCESS_START_MS = 30_000;

export type SvgRender = {
  svg: Uint8Array;
  density: number;
  limitInputPixels: number;
  maxSidePx: number;
};

type Limits = { cpuBudgetMs?: number; wallTimeoutMs?: number };

/** Why a drawing was not made: over its budget (`too-long`), or librsvg refused it (`failed`). */
export class SvgRenderError extends Error {
  readonly reason: 'too-long' | 'failed';

  constructor(reason: 'too-long' | 'failed') {
    super(reason === 'too-long' ? 'The SVG took too long to draw.' : 'The SVG could not be drawn.');
    this.reason = reason;
  }
}

type Answer = { id: number; png?: Uint8Array; overBudget?: true; started?: true };
type Waiting = {
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
  /** The process has started this drawing: its time on the clock begins. */
  started: () => void;
};

/**
 * Draws SVG in a child process of its own (svg-render-process.mjs) and ends that process when a
 * drawing passes its CPU budget (the process ends itself) or its time on the clock (it is
 * killed): the only ways to stop librsvg. The process is started on first use and again after an
 * end; it never keeps the server running.
 */
export const createSvgRenderer = ({
  cpuBudgetMs = SVG_RENDER_CPU_MS,
  wallTimeoutMs = SVG_RENDER_WALL_MS,
}: Limits = {}) => {
  type Drawer = { process: ChildProcess; waiting: Map<number, Waiting> };
  let current: Drawer | undefined;
  let nextId = 0;

  const start = (): Drawer => {
    const drawer: Drawer = {
      process: fork(new URL('./svg-render-process.mjs', import.meta.url), [], {
        serialization: 'advanced',
        // No loader or flag of the server's own is needed, or wanted, there.
        execArgv: [],
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      }),
      waiting: new Map(),
    };
    const { process, waiting } = drawer;
    process.on('message', ({ id, png, overBudget, started }: Answer) => {
      const entry = waiting.get(id);
      if (started) return entry?.started();
      waiting.delete(id);
      if (png) entry?.resolve(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
      else entry?.reject(new SvgRenderError(overBudget ? 'too-long' : 'failed'));
      // Over budget, the process ends itself: nothing more is sent to it.
      if (overBudget && current === drawer) current = undefined;
    });
    // Killed, crashed, or never started: what it was drawing fails, the next drawing starts a
    // new process.
    const ended = () => {
      if (current === drawer) current = undefined;
      for (const { reject } of waiting.values()) reject(new SvgRenderError('failed'));
      waiting.clear();
    };
    process.on('exit', ended);
    process.on('error', () => {
      ended();
      process.kill('SIGKILL');
    });
    // Idle, the process holds nothing the server waits for.
    process.unref();
    process.channel?.unref();
    return drawer;
  };

  const render = (job: SvgRender): Promise<Buffer> => {
    const drawer = (current ??= start());
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      const stop = () => {
        drawer.waiting.delete(id);
        reject(new SvgRenderError('too-long'));
        if (current === drawer) current = undefined;
        drawer.process.kill('SIGKILL');
      };
      let deadline = setTimeout(stop, PROCESS_START_MS);
      const settle =
        <T>(done: (value: T) => void) =>
        (value: T) => {
          clearTimeout(deadline);
          done(value);
        };
      drawer.waiting.set(id, {
        resolve: settle(resolve),
        reject: settle(reject),
        started: () => {
          clearTimeout(deadline);
          deadline = setTimeout(stop, wallTimeoutMs);
        },
      });
      drawer.process.send({ id, ...job, cpuBudgetMs });
    });
  };

  return {
    render,
    /** Ends the drawing process, if one runs (a server's shutdown). */
    close: () => {
      current?.process.kill('SIGKILL');
      current = undefined;
    },
  };
};
