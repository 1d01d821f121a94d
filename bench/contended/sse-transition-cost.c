/*
 * What a legacy-SSE instruction costs right after code that left the upper halves of YMM registers
 * dirty, as C2-compiled Java code may with AVX-512 (UseAVX=3) when it calls LockStat's hooks: it
 * emits vzeroupper before a call only in methods that use wide vectors themselves (ShortSectionDemo,
 * 16 threads, before the fix: 3.2-3.9 M transfers at UseAVX=3, 4.9-6.6 M at UseAVX=2). The C++ of the VM is SSE code: its first SSE instruction after such a call
 * pays an AVX-SSE transition. On ShortSectionDemo with 16 threads that was one pxor in
 * LockStatMonitorEvents::exit_end (zeroing a struct), 89% of that function's samples and 11% of all
 * (profiles/short-16threads-perf-before-vzeroupper.txt); see critical-section-2cpu.txt's last block.
 * Build: gcc -O2 -mavx512f -o sse-transition-cost sse-transition-cost.c; run: ./sse-transition-cost
 * 2026-11-27, the 2-CPU machine (Intel Xeon under KVM), ns per iteration:
 *   ymm1 upper dirtied, then pxor: 198.7 and 137.2 (two runs); zmm1: 167.2, 164.4; with vzeroupper between: 0.4-0.6;
 *   ymm17/xmm17 (EVEX-only registers, which legacy SSE cannot name) dirtied, then pxor: 0.4; pxor alone 0.3
 */
#include <stdio.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

#define N 10000000
#define MEASURE(name, body)                                        \
  do {                                                             \
    double t0 = now();                                             \
    for (int i = 0; i < N; i++) { body; }                          \
    printf("%-44s %6.1f ns\n", name, (now() - t0) / N);            \
  } while (0)

int main(void) {
  MEASURE("ymm1 upper dirtied, then pxor",
          __asm__ volatile("vpaddd %%ymm1,%%ymm2,%%ymm1\n\tpxor %%xmm0,%%xmm0" ::: "xmm0", "xmm1", "xmm2"));
  MEASURE("zmm1 dirtied, then pxor",
          __asm__ volatile("vpaddd %%zmm1,%%zmm2,%%zmm1\n\tpxor %%xmm0,%%xmm0" ::: "xmm0", "xmm1", "xmm2"));
  MEASURE("ymm1 dirtied, vzeroupper, then pxor",
          __asm__ volatile("vpaddd %%ymm1,%%ymm2,%%ymm1\n\tvzeroupper\n\tpxor %%xmm0,%%xmm0" ::: "xmm0", "xmm1", "xmm2"));
  MEASURE("ymm17 dirtied, then pxor",
          __asm__ volatile("vpaddd %%ymm17,%%ymm18,%%ymm17\n\tpxor %%xmm0,%%xmm0" ::: "xmm0", "xmm17", "xmm18"));
  MEASURE("pxor alone", __asm__ volatile("pxor %%xmm0,%%xmm0" ::: "xmm0"));
  return 0;
}
