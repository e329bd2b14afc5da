import os from 'node:os';

/** What the numbers were measured on: they mean little without it. */
export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run started: above the core count, something else competed. */
  loadAverage: number[];
}

/** Describes the machine running the benchmarks. */
export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
