/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

#ifndef SHARE_LOCKSTAT_STORAGE_LOCKSTATTHREADLOCAL_HPP
#define SHARE_LOCKSTAT_STORAGE_LOCKSTATTHREADLOCAL_HPP

#include "lockstat/stacktrace/lockStatStackWalk.hpp"
#include "lockstat/storage/lockStatReleaseRun.hpp"
#include "memory/allocation.hpp"
#include "utilities/globalDefinitions.hpp"

class JavaThread;
class Klass;
class LockStatBuffer;

// Call-chain work of one thread (what cheap call chains cost), summed into the trace's CHAIN_STATS
// events at safepoints. Plain fields: only the owning thread writes them.
struct LockStatChainCounters {
  u8 walks;           // events that walked the stack for a chain
  u8 reused;          // of those, chains found in the chain set or the thread's chain cache
  u8 inserted;        // chains this thread added to the set
  u8 frames_walked;   // physical frames visited
  u8 frames_saved;    // physical frames not visited thanks to frame marking (or the chain cache)
  LockStatChainCounters() : walks(0), reused(0), inserted(0), frames_walked(0), frames_saved(0) {}
  void add(const LockStatChainCounters& o) {
    walks += o.walks; reused += o.reused; inserted += o.inserted;
    frames_walked += o.frames_walked; frames_saved += o.frames_saved;
  }
};

// LockStat's own time inside critical sections: what the traced thread spent in LockStat
// code while it owned a monitor, after a contended acquisition (up to the end of the entered hook) and
// before a recorded release (the exit hook, which takes the release's number; its time is read after
// the owner field is cleared). In clock ticks; summed into the trace's SECTION_STATS events at safepoints.
// Plain fields: only the owning thread writes them. What the hooks cannot see is not in it: the call
// from C2's inline exit into the runtime when a release is diverted (docs/performance.md).
struct LockStatSectionCounters {
  u8 acquisitions;     // contended acquisitions recorded (ContendedEntered)
  u8 acquire_ticks;
  u8 releases;         // releases numbered while owning (ContendedExit, MonitorWaitExit)
  // Releases are timed one in release_sample_period (two clock reads would be most of a release's
  // cost inside the section): release_ticks is the sampled ones' time, release_samples how many.
  u8 release_samples;
  u8 release_ticks;
  // Of the acquisitions, those that wrote their event the slow way while owning the monitor: a new
  // buffer (the one reserved before blocking was used up) or a virtual thread's context switch.
  u8 slow_acquisitions;
  static const uint release_sample_period = 64;
  LockStatSectionCounters() : acquisitions(0), acquire_ticks(0), releases(0), release_samples(0), release_ticks(0),
                              slow_acquisitions(0) {}
  void add(const LockStatSectionCounters& o) {
    acquisitions += o.acquisitions; acquire_ticks += o.acquire_ticks;
    releases += o.releases; release_samples += o.release_samples; release_ticks += o.release_ticks;
    slow_acquisitions += o.slow_acquisitions;
  }
};

// The chain of this thread's latest walk, when its top frame was compiled code with this thread's
// frame mark on its return into its caller (LockStatCallChains::current_chain). While that mark
// stands, the caller and every frame below it are unchanged; a top frame at the same sp with the same
// pc is then the same code at the same place (one nmethod, one inlining scope), so the chain is the
// same and the next event there needs no walk. Every walk clears the entry first: only walks place
// marks, so a mark standing at the entry's slot is the entry's own. 'epoch' guards against code,
// methods or chains freed since.
struct LockStatChainCache {
  static const int max_between = LockStatReturnSlots::max - 1;
  intptr_t* sp;
  address pc;
  address* slot;     // the marked return slot: of the top frame, or of a frame up to max_between below it
  address* between[max_between];   // the return slots of the frames above the marked one, top first
  address value[max_between];      // ... and what they held: while they hold it, those frames stand
  int depth;         // how many of them
  intptr_t* bcp_addr;   // the marked frame's bcp slot when it is interpreted (else nullptr)
  intptr_t bcp;         // ... and the bcp it held
  u8 id;
  int frames;        // physical frames of the chain
  uint epoch;
  LockStatChainCache() : sp(nullptr), pc(nullptr), slot(nullptr), depth(0), bcp_addr(nullptr), bcp(0), id(0), frames(0),
                         epoch(0) {}
};
class ObjectMonitor;

// A Java thread's tracing state (paper 3.1): its own trace buffer, written without synchronization.
// Reached through a C++ thread-local pointer, so Thread's layout is unchanged; all states are also
// on a registry list so that a safepoint can hand every thread's buffer to the drain.
class LockStatThreadLocal : public CHeapObj<mtTracing> {
 public:
  static const int max_pending = 8;   // pending wait() forward references per thread

 private:
  LockStatThreadLocal* _next;     // registry
  LockStatThreadLocal* _prev;
  LockStatBuffer* _buffer;
  jlong _tid;                     // java.lang.Thread id of the owning platform thread
  JavaThread* _thread;            // the owning platform thread (registered while it lives)
  jlong _context_tid;             // thread the buffer's latest events belong to (a mounted virtual thread)
  uint32_t _random;               // buffer sizes (paper's random 8..24 KB, so threads rarely submit together), sampling

  // wait() (paper 3.2): a wait that releases a contended monitor records a forward reference,
  // resolved to the call chain of this thread's next real release of that monitor. Only this thread
  // can release it next, so the pending references live here, not in the monitor.
  struct PendingRef { ObjectMonitor* monitor; u8 ref; };
  PendingRef _pending[max_pending];
  int _pending_count;
  ObjectMonitor* _waiting_on;     // set while wait() releases this monitor
  ObjectMonitor* _reacquiring;    // set while wait() takes this monitor back
  // Virtual threads whose THREAD_START this carrier wrote recently (direct-mapped): a virtual
  // thread's metadata is written lazily, the first time it has an event, and rarely repeated.
  static const int announced_slots = 32;
  jlong _announced[announced_slots];
  jlong _repark_tid;              // the thread (platform or virtual) whose next park is a re-park; 0: none
  // Sampled tracing: the park blocker of the thread this one is unparking, from the unpark's begin to its
  // event (LockStatParkEvents::unpark_begin/unpark_end), when the target's own park is not recorded.
  u8 _unpark_blocker_hash;
  Klass* _unpark_blocker_klass;
  // How long this thread held the lock the thread it is unparking waits on (ns), from the unpark's begin
  // to its event; 0: not known (LockStatParkEvents, hold starts of exclusive j.u.c locks).
  jlong _unpark_held;
  LockStatChainCounters _chain_counters;
  LockStatChainCache _chain_cache;
  LockStatSectionCounters _section_counters;
  LockStatReleaseRun _run;
  uint _release_count;            // picks the releases that are timed (section counters)
  // What a recorded release read while owning the monitor (LockStatMonitorSeq), from the exit's first
  // hook to its last: the previous recorded release's time, the stretch, the hold's start.
  jlong _release_previous;
  jlong _release_stretch;
  jlong _hold_start;
  // The monitors this thread counted itself blocked on (LockStatMonitorState::_blocked) in this trace:
  // only such an increment is undone when it acquires the monitor, so a thread blocked before a trace
  // started (or counted in an earlier one) never takes back another thread's count. More than one
  // only while a JVMTI agent's callback between a contended enter and its entered blocks on another
  // monitor; past max_blocked_on, increments are only counted (_blocked_on_overflow), and undone by
  // acquisitions of monitors not in the list.
  static const int max_blocked_on = 4;
  ObjectMonitor* _blocked_on[max_blocked_on];
  int _blocked_on_count;
  int _blocked_on_overflow;

  static LockStatThreadLocal* _head;
  static LockStatChainCounters _exited_chain_counters;   // of threads that have ended
  static LockStatSectionCounters _exited_section_counters;

  LockStatThreadLocal(JavaThread* jt, jlong tid);
  size_t next_buffer_size();

 public:
  // The calling thread's state, created on first use; nullptr if the thread has no Java identity yet.
  static LockStatThreadLocal* current(JavaThread* jt);
  // A buffer with at least 'bytes' free, switching to a fresh one when full; nullptr when out of memory.
  LockStatBuffer* buffer_for(size_t bytes);
  // Hands the partly filled buffer to the drain now (a thread about to block), unless the drain is
  // behind; the next event starts a fresh buffer.
  void hand_over_buffer();
  jlong tid() const { return _tid; }
  // The thread's own xorshift generator (never 0).
  uint32_t next_random() {
    _random ^= _random << 13;
    _random ^= _random >> 17;
    _random ^= _random << 5;
    return _random;
  }
  ObjectMonitor* waiting_on() const { return _waiting_on; }
  void set_waiting_on(ObjectMonitor* m) { _waiting_on = m; }
  ObjectMonitor* reacquiring() const { return _reacquiring; }
  void set_reacquiring(ObjectMonitor* m) { _reacquiring = m; }
  bool has_pending(ObjectMonitor* m) const { return pending_ref(m) != 0; }
  // The pending reference of m, or 0.
  u8 pending_ref(ObjectMonitor* m) const {
    for (int i = 0; i < _pending_count; i++) {
      if (_pending[i].monitor == m) return _pending[i].ref;
    }
    return 0;
  }
  // Adds a pending reference; returns false when full (the caller resolves it as unknown at once).
  bool add_pending(ObjectMonitor* m, u8 ref) {
    if (_pending_count == max_pending) return false;
    _pending[_pending_count].monitor = m;
    _pending[_pending_count].ref = ref;
    _pending_count++;
    return true;
  }
  // Removes and returns the pending references of m (at most max_pending).
  int take_pending(ObjectMonitor* m, u8* refs) {
    int n = 0;
    for (int i = 0; i < _pending_count;) {
      if (_pending[i].monitor == m) {
        refs[n++] = _pending[i].ref;
        _pending[i] = _pending[--_pending_count];
      } else {
        i++;
      }
    }
    return n;
  }
  // True the first time (in a while) a virtual thread is seen by this carrier.
  bool announce(jlong vthread_tid) {
    jlong* slot = &_announced[(julong)vthread_tid % announced_slots];
    if (*slot == vthread_tid) return false;
    *slot = vthread_tid;
    return true;
  }
  // A re-park: the next park of thread tid continues the acquisition its last park was part of.
  void set_repark(jlong tid) { _repark_tid = tid; }
  // Whether the park thread tid begins now is a re-park; the mark is used up either way.
  bool take_repark(jlong tid) { bool r = is_repark(tid); _repark_tid = 0; return r; }
  bool is_repark(jlong tid) const { return _repark_tid == tid && tid != 0; }
  void set_unpark_blocker(u8 hash, Klass* k) { _unpark_blocker_hash = hash; _unpark_blocker_klass = k; }
  u8 unpark_blocker_hash() const { return _unpark_blocker_hash; }
  Klass* unpark_blocker_klass() const { return _unpark_blocker_klass; }
  void set_unpark_held(jlong nanos) { _unpark_held = nanos; }
  jlong unpark_held() const { return _unpark_held; }
  LockStatChainCounters* chain_counters() { return &_chain_counters; }
  LockStatSectionCounters* section_counters() { return &_section_counters; }
  LockStatReleaseRun* run() { return &_run; }
  bool time_this_release() { return ++_release_count % LockStatSectionCounters::release_sample_period == 0; }
  void begin_release(jlong previous, jlong stretch, jlong hold_start) {
    _release_previous = previous;
    _release_stretch = stretch;
    _hold_start = hold_start;
  }
  jlong release_previous() const { return _release_previous; }
  jlong release_stretch() const { return _release_stretch; }
  jlong take_hold_start() { jlong t = _hold_start; _hold_start = 0; return t; }
  // This thread counted itself blocked on m (LockStatMonitorEvents::write_enter).
  void add_blocked_on(ObjectMonitor* m) {
    if (_blocked_on_count < max_blocked_on) {
      _blocked_on[_blocked_on_count++] = m;
    } else {
      _blocked_on_overflow++;
    }
  }
  // It acquired m: true if its count on m is to be undone (the increment was this trace's).
  bool take_blocked_on(ObjectMonitor* m) {
    for (int i = _blocked_on_count - 1; i >= 0; i--) {
      if (_blocked_on[i] == m) {
        _blocked_on[i] = _blocked_on[--_blocked_on_count];
        return true;
      }
    }
    if (_blocked_on_overflow > 0) {
      _blocked_on_overflow--;
      return true;
    }
    return false;
  }
  // The buffer, if it has room for 'bytes' without taking a new one (never blocks, never allocates).
  LockStatBuffer* buffer_if_room(size_t bytes) const;

  LockStatChainCache* chain_cache() { return &_chain_cache; }
  jlong context_tid() const { return _context_tid; }
  void set_context_tid(jlong tid) { _context_tid = tid; }

  // The calling thread records no events while excluded (LockStat's own threads).
  static void set_current_excluded(bool excluded);
  static bool is_current_excluded();
  // The thread ends: its buffer goes to the queue, its state is freed.
  static void on_thread_exit(JavaThread* jt);
  // At a safepoint: f(run) for every thread's run of releases.
  template <typename F> static void runs_do(F f) {
    for (LockStatThreadLocal* tl = _head; tl != nullptr; tl = tl->_next) {
      f(&tl->_run);
    }
  }
  // At a safepoint: every thread's non-empty buffer goes to the queue (paper 3.1), so that one idle
  // thread cannot hold back the analysis of a monitor's sequence.
  // all: also empty buffers (tracing stops: every buffer number taken reaches the trace, so that an
  // unused buffer is no hole in the sequence).
  static void reclaim_all_at_safepoint(bool all = false);
  // At a safepoint: the call-chain counters of all threads, ended ones included.
  // Calls f(tid, thread) for every registered thread; at a safepoint (none registers or leaves then).
  template <typename F> static void threads_at_safepoint(F f) {
    for (LockStatThreadLocal* tl = _head; tl != nullptr; tl = tl->_next) {
      f(tl->_tid, tl->_thread);
    }
  }
  static LockStatChainCounters chain_counters_at_safepoint();
  // At a safepoint: the critical-section counters of all threads, ended ones included.
  static LockStatSectionCounters section_counters_at_safepoint();
  // At a safepoint, before tracing starts again in a running VM (jcmd LockStat.start): what threads
  // kept from an earlier trace (empty buffers with that trace's sequence numbers, announced virtual
  // threads, pending wait() references, counters) must not leak into the new one.
  static void reset_all_at_safepoint();
};

#endif // SHARE_LOCKSTAT_STORAGE_LOCKSTATTHREADLOCAL_HPP
