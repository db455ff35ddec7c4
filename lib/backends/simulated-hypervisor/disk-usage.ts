const GIB = 1024 ** 3;

/** Bytes the guest uses on its disk: a fresh install plus what every modelled write added. */
export function simulatedDiskUsedBytes(vm: { diskGb: number; diskRevision: number }): number {
  return Math.min(vm.diskGb * GIB, Math.round((1.8 + 0.35 * Math.max(0, vm.diskRevision - 1)) * GIB));
}
