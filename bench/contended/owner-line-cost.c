/*
 * What one more instruction inside a critical section costs when another CPU spins on the lock's line
 * (issue 36; see critical-section-2cpu.txt's last block). A thread on CPU 0 takes and releases a "lock"
 * word (store 1, some work, release store 0, fence, some work) five million times; with spinner=1 a
 * thread on CPU 1 reads the word in a pause loop, as HotSpot's spinners read ObjectMonitor::_owner.
 * mode 0: nothing more; 1: a lock xadd on a counter on the same line (LockStat's sequence number);
 * 2: that and rdtsc and a load and store of a time on the line (the per-thread release parts' stretch
 * times); 4: xadd and rdtsc; 5: xadd and the load and store; 6: rdtsc and a fence; 7: rdtsc then xadd.
 * Build: gcc -O2 -pthread -o owner-line-cost owner-line-cost.c; run: ./owner-line-cost MODE SPINNER.
 * 2026-11-27, the 2-CPU machine, ns per iteration, two runs each:
 *   spinner 0: mode 0 57.5 57.7, mode 1 60.8 60.6, mode 2 84.5 89.3
 *   spinner 1: mode 0 147.0 124.6, mode 1 141.2 133.1, mode 2 295.3 288.3,
 *              mode 4 160.3 249.7, mode 5 224.0 241.3, mode 6 215.4 209.5, mode 7 261.5 250.6
 * The xadd on the owner's line costs next to nothing beside the owner's own stores; a clock read or one
 * more load and store of that line costs 80-150 ns with a spinner, as the section hook measured on the
 * branch (72-88 ns -> 195-312 ns). Inside the section: the xadd alone; times only after the release.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdint.h>
#include <pthread.h>
#include <time.h>
#include <stdlib.h>
struct __attribute__((aligned(64))) L { volatile int64_t owner; volatile uint64_t prev; volatile uint64_t word; volatile int64_t last; volatile int64_t head; };
static struct L l;
static volatile int stop;
static inline uint64_t rd(void){unsigned lo,hi;__asm__ volatile("rdtsc":"=a"(lo),"=d"(hi));return ((uint64_t)hi<<32)|lo;}
static void* spinner(void* a){ uint64_t s=0; while(!stop){ s+=l.owner; __asm__ volatile("pause"); } return (void*)s; }
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(int argc,char**argv){int mode=atoi(argv[1]); int spin=atoi(argv[2]); pthread_t t; if(spin) pthread_create(&t,0,spinner,0);
 cpu_set_t c; CPU_ZERO(&c); CPU_SET(0,&c); pthread_setaffinity_np(pthread_self(),sizeof c,&c);
 if(spin){cpu_set_t d; CPU_ZERO(&d); CPU_SET(1,&d); pthread_setaffinity_np(t,sizeof d,&d);}
 int n=5000000; double a=now(); uint64_t s=0;
 for(int i=0;i<n;i++){
   __atomic_store_n(&l.owner, 1, __ATOMIC_SEQ_CST); // acquire-ish (xchg)
   for(volatile int k=0;k<20;k++);
   if(mode>=1){ uint64_t w=__atomic_fetch_add(&l.word,1,__ATOMIC_SEQ_CST); s+=w; }
   if(mode==4){ s+=rd(); }
   if(mode==5){ s+=l.last; l.last=i; }
   if(mode==6){ s+=rd(); __atomic_thread_fence(__ATOMIC_SEQ_CST); }
   if(mode==7){ int64_t tt=rd(); uint64_t w=__atomic_fetch_add(&l.word,1,__ATOMIC_SEQ_CST); s+=w+tt; }
   if(mode>=2 && mode<=3){ int64_t tt=rd(); s+=l.last; l.last=tt; }
   if(mode==3){ s+=l.head; l.head=s; }
   __atomic_store_n(&l.owner, 0, __ATOMIC_RELEASE); __atomic_thread_fence(__ATOMIC_SEQ_CST);
   for(volatile int k=0;k<20;k++);
 }
 double ns=(now()-a)/n; stop=1; if(spin) pthread_join(t,0); printf("mode %d spinner %d: %.1f ns/iter (%lu)\n",mode,spin,ns,s&1); return 0;}
