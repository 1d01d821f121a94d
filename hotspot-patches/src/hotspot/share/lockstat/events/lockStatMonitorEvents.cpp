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

#include "classfile/javaClasses.inline.hpp"
#include "lockstat/events/lockStatEventContext.hpp"
#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/events/lockStatMonitorEvents.hpp"
#include "lockstat/events/lockStatReleaseSummary.hpp"
#include "lockstat/events/lockStatSampling.hpp"
#include "lockstat/events/lockStatVectorState.hpp"
#include "lockstat/events/lockStatVirtualThreadWaits.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/names/lockStatLockTally.hpp"
#include "lockstat/service/lockStatService.hpp"
#include "lockstat/stacktrace/lockStatCallChains.hpp"
#include "lockstat/stacktrace/lockStatStackWalk.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "memory/resourceArea.hpp"
#include "oops/oop.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/javaThread.hpp"
#include "runtime/objectMonitor.inline.hpp"
#include "runtime/os.hpp"
#include "runtime/safepoint.hpp"
#include "runtime/synchronizer.hpp"

static const size_t monitor_event_size = 8 * LockStatEventWriter::max_varint_size;
STATIC_ASSERT(monitor_event_size >= lockstat_monitor_inflate_max_size);
STATIC_ASSERT(monitor_event_size >= lockstat_monitor_forward_resolve_max_size);
STATIC_ASSERT(monitor_event_size >= lockstat_monitor_contended_enter_max_size);

// The calling thread's buffer with room for one event, in the running Java thread's context.
static LockStatBuffer* event_buffer(JavaThread* jt, LockStatThreadLocal* tl, jlong now) {
  return LockStatEventContext::buffer(jt, tl, monitor_event_size, now);
}

// A thread's run of releases, summed (storage/lockStatReleaseRun.hpp).
static void write_summary(JavaThread* jt, LockStatThreadLocal* tl, ObjectMonitor* m, const LockStatReleaseSummary& s) {
  if (s.count == 0) {
    return;
  }
  LockStatBuffer* b = LockStatEventContext::buffer(jt, tl, LockStatReleaseSummary::max_event_size(), s.time);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  s.write(w, m);
  w.commit();
}

// A monitor's id in the trace: its address.
static julong monitor_id(ObjectMonitor* m) {
  return (julong)(uintptr_t)m;
}

// Inflation is where the paper records the object's identity hash, which names the lock object in
// reports. A never-hashed object gets its hash here, as System.identityHashCode would give it, but
// only where that is safe: a Java thread in the VM, not at a safepoint, not from within this hook.
static LOCKSTAT_TLS bool _lockstat_hashing = false;

// The hash the monitor's object has now (0: none); never installs one.
static u8 known_hash(ObjectMonitor* m) {
  return UseObjectMonitorTable ? (u8)m->hash() : (u8)m->header().hash();
}

static u8 identity_hash(JavaThread* jt, ObjectMonitor* m, oop obj) {
  u8 known = known_hash(m);
  if (known != 0 || _lockstat_hashing || jt->thread_state() != _thread_in_vm ||
      SafepointSynchronize::is_at_safepoint()) {
    return known;
  }
  _lockstat_hashing = true;
  u8 hash = (u8)ObjectSynchronizer::FastHashCode(jt, obj);
  _lockstat_hashing = false;
  return hash;
}

// Monitors whose MonitorInflate (the lock's class and identity hash) the current trace has. A trace
// started in a running VM (jcmd LockStat.start) meets monitors inflated before it: the first
// contended enter writes their inflate then, so that reports still name the lock. Each monitor
// holds the number of the trace that has its inflate (LockStatMonitorState::_trace, ObjectMonitor::lockstat()), in two
// states, so that no other event can take a sequence number below the inflate's: a thread claims a
// monitor (number * 2), writes its inflate, and only then marks it traced (number * 2 + 1); the
// other hooks look at the traced state only. A new trace takes a new number, which forgets every
// monitor at once. (Sets keyed by address did this before; they kept every monitor ever inflated
// during a trace, and a workload that inflates millions of short-lived monitors spent most of its
// time searching them.)
static volatile uint32_t trace_number = 1;   // 1 .. 2^31 - 1

void LockStatMonitorEvents::forget_all() {
  uint32_t next = (Atomic::load(&trace_number) + 1) & 0x7fffffff;
  Atomic::release_store(&trace_number, next == 0 ? 1u : next);
}

static void reset_counts(ObjectMonitor* m) {
  LockStatMonitorState* state = m->lockstat();
  while (state->is_contended()) {
    state->blocked_dec();
  }
  while (state->has_pending_waits()) {
    state->pending_waits_sub(1);
  }
}

void LockStatMonitorEvents::reset_monitors_at_safepoint() {
  assert(SafepointSynchronize::is_at_safepoint(), "no thread counts itself blocked meanwhile");
  lockstat_monitors_do_at_safepoint(reset_counts);
}

// True for the caller that first claims m in this trace: it writes m's inflate.
static bool claim(ObjectMonitor* m) {
  uint32_t claimed = Atomic::load_acquire(&trace_number) << 1;
  uint32_t v = m->lockstat()->trace();
  while ((v & ~1u) != claimed) {
    uint32_t seen = m->lockstat()->trace_cmpxchg(v, claimed);
    if (seen == v) {
      return true;
    }
    v = seen;
  }
  return false;
}

// After m's inflate has its sequence number (the release store publishes it).
static void mark_traced(ObjectMonitor* m) {
  m->lockstat()->set_trace((Atomic::load_acquire(&trace_number) << 1) | 1);
}

// Whether m's events belong in this trace: its MonitorInflate is in it. A trace started in a running
// VM otherwise begins a monitor's sequence with releases and acquisitions whose enters it never saw
// (threads blocked, or counted as blocked, before the start); from its inflate on it is complete.
static bool in_trace(ObjectMonitor* m) {
  return m->lockstat()->trace() == ((Atomic::load_acquire(&trace_number) << 1) | 1);
}

// Another thread claimed m and is writing its inflate (microseconds, in the VM): wait for it, boundedly.
static bool await_traced(JavaThread* jt, ObjectMonitor* m) {
  for (int i = 0; i < 100000; i++) {
    if (in_trace(m)) {
      return true;
    }
    SpinPause();
  }
  return false;
}

static void write_inflate(JavaThread* jt, LockStatThreadLocal* tl, ObjectMonitor* m, oop obj) {
  u8 klass = LockStatCallChains::class_id(tl, obj->klass());
  u8 hash = identity_hash(jt, m, obj);
  jlong now = LockStatClock::now();
  LockStatBuffer* b = event_buffer(jt, tl, now);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  // An enter-side number, with the owner side's count: no owner's event is numbered before the
  // monitor is marked traced (after this).
  lockstat_write_monitor_inflate(w, now, monitor_id(m), m->lockstat()->next_enter(), hash, klass,
                                 m->lockstat_seq()->owned());
  w.commit();
}

void LockStatMonitorEvents::inflated(Thread* current, ObjectMonitor* m, oop obj) {
  if (!current->is_Java_thread()) {
    return;   // no event, so no sequence number: the monitor's sequence stays gapless
  }
  JavaThread* jt = JavaThread::cast(current);
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl == nullptr) {
    return;
  }
  claim(m);
  write_inflate(jt, tl, m, obj);
  mark_traced(m);
}

// The blocking episode counts towards naming the lock when the trace ends (names/lockStatLockTally).
static void tally(LockStatThreadLocal* tl, ObjectMonitor* m) {
  oop obj = m->object_peek();   // alive: this thread is about to wait for it
  if (obj != nullptr) {
    Klass* k = obj->klass();
    LockStatLockTally::add(k, LockStatCallChains::class_id(tl, k), known_hash(m));
  }
}

// A mounted virtual thread runs on a carrier whose LockStatThreadLocal it does not own: what belongs
// to the virtual thread cannot be kept there.
static bool in_virtual_thread(JavaThread* jt, LockStatThreadLocal* tl) {
  return jt->monitor_owner_id() != tl->tid();
}

static void write_enter(JavaThread* jt, LockStatThreadLocal* tl, ObjectMonitor* m, u8 chain, bool after_wait) {
  if (!in_trace(m)) {
    if (claim(m)) {
      oop obj = m->object();   // alive: this thread is about to wait for it
      if (obj == nullptr) {
        mark_traced(m);   // never again claimable: later enters must not wait for an inflate
        return;
      }
      write_inflate(jt, tl, m, obj);
      mark_traced(m);
    } else if (!await_traced(jt, m)) {
      return;   // the inflate is still being written: this enter is left out, as before the trace
    }
  }
  if (in_virtual_thread(jt, tl)) {
    // Its acquisition, perhaps on another carrier, must tell a sampled contention from one left out.
    if (LockStatSampling::sampling() && !LockStatVirtualThreadWaits::add_blocked(jt->monitor_owner_id())) {
      return;   // no room to say so: left out, as if not sampled
    }
  } else {
    tl->add_blocked_on(m);   // the increment below is the one its acquisition undoes
  }
  m->lockstat()->blocked_inc();   // before the enter's number: releases from now on are recorded
  tally(tl, m);
  jlong now = LockStatClock::now();
  LockStatBuffer* b = event_buffer(jt, tl, now);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  // The enter side's number: the owner's events that read the count after it are after this enter.
  lockstat_write_monitor_contended_enter(w, now, monitor_id(m), m->lockstat()->next_enter(), chain,
                                         after_wait ? LOCKSTAT_ENTER_AFTER_WAIT : 0);
  w.commit();
}

void LockStatMonitorEvents::contended_enter(JavaThread* jt, ObjectMonitor* m, bool after_wait) {
  LockStatVectorState::clear_upper();   // for this path and the acquisition's, inside the section
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl == nullptr) {
    return;
  }
  if (!LockStatSampling::record_contention(tl)) {
    return;   // left out: no walk, no event, no count of blocked threads (its releases go unrecorded)
  }
  after_wait = after_wait || tl->reacquiring() == m;
  u8 chain = LockStatCallChains::current_chain(jt, tl);   // the thread is blocked anyway (paper 3.2)
  write_enter(jt, tl, m, chain, after_wait);
  // The analysis orders this monitor's events by number and cannot go past this enter until it has
  // it; barging owners meanwhile release the monitor at millions a second, each release an event
  // that waits behind it. Left in this thread's buffer, the enter would reach the drain only at the
  // next periodic collect (100 ms, longer when the drain is short of CPU), and a bounded analysis
  // gives up on it. The thread is about to block anyway.
  tl->hand_over_buffer();
  // The buffer for its ContendedEntered is taken now, before blocking: once it owns the monitor,
  // the thread must not wait for the buffer lock or the C heap: every thread queued behind it would wait too.
  tl->buffer_for(2 * monitor_event_size);
}

// The new owner still owns m here, and every other thread that wants m waits for it: only what
// orders the acquisition (the count of blocked threads, an owner-side number with a plain store, the
// enter side's count, a time) and the event's bytes into the buffer reserved before blocking. The
// blocked threads change: the monitor's stretch of releases ends (LockStatMonitorSeq::end_stretch).
void LockStatMonitorEvents::contended_entered(JavaThread* jt, ObjectMonitor* m) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl == nullptr) {
    return;
  }
  jlong now = LockStatClock::now();
  if (in_virtual_thread(jt, tl)) {
    // A virtual thread may block on one carrier and acquire on another: no per-thread mark, but
    // while sampling, the table of its sampled contentions.
    if (LockStatSampling::sampling() && !LockStatVirtualThreadWaits::take_blocked(jt->monitor_owner_id())) {
      return;   // not sampled
    }
    m->lockstat()->blocked_dec();
    if (!in_trace(m)) {
      return;   // its enter came before this trace
    }
  } else {
    if (!tl->take_blocked_on(m)) {
      return;   // its enter is not in this trace (blocked before the trace started, or left out)
    }
    m->lockstat()->blocked_dec();
  }
  LockStatSectionCounters* cost = tl->section_counters();
  cost->acquisitions++;
  // In the thread's own context, the buffer taken before blocking has room: no lock, no allocation.
  LockStatBuffer* b = jt->monitor_owner_id() == tl->context_tid() ? tl->buffer_if_room(monitor_event_size) : nullptr;
  if (b == nullptr) {
    cost->slow_acquisitions++;   // a virtual thread remounted elsewhere, or the reserve was used up
    b = event_buffer(jt, tl, now);
    if (b == nullptr) {
      return;
    }
  }
  LockStatEventWriter w(b);
  u8 seq = m->lockstat_seq()->next_owned();
  m->lockstat_seq()->end_stretch();
  lockstat_write_monitor_contended_entered(w, now, monitor_id(m), seq, m->lockstat()->enters());
  w.commit();
  cost->acquire_ticks += LockStatClock::now() - now;
}

jlong LockStatMonitorEvents::hold_start(ObjectMonitor* m) {
  return m->lockstat()->is_contended() ? LockStatClock::now() : 0;
}

static volatile u8 next_forward_ref = 1;

// Pending forward references belong to the Java thread that waited: for a platform thread they live
// in its LockStatThreadLocal, for a virtual thread (which may change carriers) in LockStatVirtualThreadWaits.
static u8 pending_ref(JavaThread* jt, LockStatThreadLocal* tl, ObjectMonitor* m) {
  return in_virtual_thread(jt, tl) ? LockStatVirtualThreadWaits::pending_ref(jt->monitor_owner_id(), m)
                                   : tl->pending_ref(m);
}

// The monitor counts its pending references, so that C2's unlock code sends only the exits that may
// resolve one to the runtime (LockStatMonitorState::_pending_waits).
static bool add_pending(JavaThread* jt, LockStatThreadLocal* tl, ObjectMonitor* m, u8 ref) {
  bool added = in_virtual_thread(jt, tl) ? LockStatVirtualThreadWaits::add_pending(jt->monitor_owner_id(), m, ref)
                                         : tl->add_pending(m, ref);
  if (added) {
    m->lockstat()->pending_waits_add(1);
  }
  return added;
}

static int take_pending(JavaThread* jt, LockStatThreadLocal* tl, ObjectMonitor* m, u8* refs) {
  int n = in_virtual_thread(jt, tl) ? LockStatVirtualThreadWaits::take_pending(jt->monitor_owner_id(), m, refs)
                                    : tl->take_pending(m, refs);
  m->lockstat()->pending_waits_sub(n);
  return n;
}

// Writes the thread's open run (one MonitorReleaseSummary) and closes it: the thread's next release
// of the stretch takes a number again.
static void flush_run(JavaThread* jt, LockStatThreadLocal* tl) {
  LockStatReleaseRun* run = tl->run();
  if (run->is_open()) {
    write_summary(jt, tl, run->monitor, run->sum);
    run->close();
  }
}

void LockStatMonitorEvents::flush_run_at_thread_end(JavaThread* jt) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl != nullptr) {
    flush_run(jt, tl);
  }
}

void LockStatMonitorEvents::flush_runs_at_safepoint(void write(const LockStatReleaseSummary&, ObjectMonitor*)) {
  assert(SafepointSynchronize::is_at_safepoint(), "invariant");
  LockStatThreadLocal::runs_do([&](LockStatReleaseRun* run) {
    if (run->is_open()) {
      write(run->sum, run->monitor);
      run->close();
    }
  });
}

int LockStatMonitorEvents::exit_begin(JavaThread* jt, ObjectMonitor* m, u8* seq, u8* enters, jlong* time) {
  // Most exits of an inflated monitor are neither contended nor after a wait: two counters of the
  // monitor say so without the thread's state (C2's unlock code reads the same word).
  bool contended = m->lockstat()->is_contended();
  if (!contended && !m->lockstat()->has_pending_waits()) {
    return 0;
  }
  // Before any SSE instruction of the recorded path, here and in exit_end (a cycle or so; a
  // transition would cost some 170 ns inside the critical section).
  LockStatVectorState::clear_upper();
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  // LockStat's own time in the critical section, for one release in release_sample_period (the
  // lookup just above, a thread-local load and a call, is outside it).
  jlong began = tl != nullptr && tl->time_this_release() ? LockStatClock::now() : 0;
  bool waiting = tl != nullptr && tl->waiting_on() == m;
  // this release ends the critical section an earlier wait() was in; the monitor counts such
  // references (as C2's inline exit relies on), so most releases skip the thread's own lookup
  bool resolve = !waiting && tl != nullptr && m->lockstat()->has_pending_waits() && pending_ref(jt, tl, m) != 0;
  if ((!contended && !resolve) || !in_trace(m)) {
    return 0;
  }
  LockStatMonitorSeq* owned = m->lockstat_seq();
  *enters = m->lockstat()->enters();
  // The release's time, read while the thread owns m, so that the next recorded release finds it
  // (LockStatMonitorSeq::release): a clock read and plain loads and stores on the owner's line.
  jlong now = LockStatClock::now();
  *time = now;
  int what;
  if (contended && !waiting) {
    // Only a thread with LockStat's state keeps a run (a mounted virtual thread's is its carrier's,
    // under the virtual thread's id); a release without it heads a stretch.
    if (tl == nullptr) {
      owned->end_stretch();
    }
    jlong previous;
    bool head = owned->release(*enters, now, &previous);
    const jlong stretch = owned->stretch();
    if (!head && !resolve && tl->run()->continues(m, stretch, jt->monitor_owner_id())) {
      what = CONTINUES;   // no number: the thread's run goes on (a run is only ever in its stretch)
    } else {
      what = EXIT | (head ? HEAD : 0) | (resolve ? RESOLVE : 0);
    }
    if (tl != nullptr) {
      tl->begin_release(previous, stretch, owned->acquired());
    }
  } else {
    // A wait()'s release, or one that only resolves a wait()'s reference: the releases after it head
    // a new stretch (the analysis places it by its number among individual events).
    what = (contended ? WAIT_EXIT : 0) | (resolve ? RESOLVE : 0);
    owned->end_stretch();
    if (tl != nullptr) {
      tl->begin_release(0, 0, 0);
    }
  }
  // Owner-side numbers for what exit_end writes, the release's first and then the resolution's (a
  // thread has at most one pending reference per monitor: add_pending only where it had none), taken
  // now, while the thread owns m: a plain store, no locked instruction in the critical section. The
  // enter side's count read with them places the enters among them.
  int numbers = ((what & (EXIT | WAIT_EXIT)) != 0 ? 1 : 0) + ((what & RESOLVE) != 0 ? 1 : 0);
  *seq = numbers != 0 ? owned->next_owned(numbers) : 0;
  if (began != 0) {
    LockStatSectionCounters* cost = tl->section_counters();
    cost->release_samples++;
    // began was read only to time this: its own cost is the measurement's, not the release's.
    cost->release_ticks += MAX2(LockStatClock::now() - began - LockStatClock::read_ticks(), (jlong)0);
  }
  return what;
}

// A release of the thread's open run, after the release: counted under its call chain. The chain is
// the run's latest one while the thread's chain cache still holds it for this very frame (its pc, sp
// and standing frame mark), else walked: a method called from several places at the same depth runs
// its exit at the same sp and pc under different chains (a synchronized helper, an appender's write
// from two call sites).
static void continue_run(JavaThread* jt, LockStatThreadLocal* tl, jlong previous, jlong time, jlong acquired) {
  LockStatReleaseRun* run = tl->run();
  int entry = run->current;
  if (!LockStatCallChains::still_current(jt, tl, run->sum.owner[entry].chain)) {
    int found = run->entry_of(LockStatCallChains::current_chain(jt, tl));
    entry = found >= 0 ? found : entry;   // more chains than a run holds: the rest go to the latest (rare)
  }
  run->add_to(entry, previous, time, acquired);
}

void LockStatMonitorEvents::exit_end(JavaThread* jt, ObjectMonitor* m, u8 seq, u8 enters, jlong time, int what) {
  // Every owner-side number taken must be written, or the monitor's sequence has a gap.
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl == nullptr) {
    if ((what & (EXIT | WAIT_EXIT)) != 0) {
      LockStatService::write_shared_monitor_event(LOCKSTAT_MONITOR_CONTENDED_EXIT, m, seq, enters);
    }
    return;
  }
  jlong previous = tl->release_previous();
  jlong stretch = tl->release_stretch();
  jlong acquired = tl->take_hold_start();
  if ((what & (EXIT | WAIT_EXIT | CONTINUES)) != 0) {
    tl->section_counters()->releases++;
  }
  // Most recorded releases of a hot monitor continue the thread's own run: counted, no event.
  if (what == CONTINUES) {
    continue_run(jt, tl, previous, time, acquired);
    return;
  }
  // The waiting thread's own chain would name wait()'s caller, not the code that holds the lock
  // (paper's awaitNotEmpty): the wait's release gets a forward reference instead of a chain.
  u8 chain = (what & (EXIT | RESOLVE)) != 0 ? LockStatCallChains::current_chain(jt, tl) : 0;
  u8 refs[LockStatThreadLocal::max_pending];
  int resolved = (what & RESOLVE) != 0 ? take_pending(jt, tl, m, refs) : 0;
  assert(resolved <= 1, "one pending reference per thread and monitor: exit_begin numbered one");
  if (resolved > 0) {
    jlong now = LockStatClock::now();
    LockStatBuffer* b = event_buffer(jt, tl, now);
    if (b == nullptr) {
      return;
    }
    LockStatEventWriter w(b);
    u8 resolve_seq = seq + ((what & (EXIT | WAIT_EXIT)) != 0 ? 1 : 0);   // after the release's
    lockstat_write_monitor_forward_resolve(w, now, monitor_id(m), resolve_seq, refs[0], chain, enters);
    w.commit();
  }
  if ((what & (EXIT | WAIT_EXIT)) == 0) {
    return;
  }
  if ((what & EXIT) != 0) {
    if (in_virtual_thread(jt, tl) && event_buffer(jt, tl, time) == nullptr) {
      return;   // (the buffer call announces the virtual thread, which a summary names as owner)
    }
    // The thread's earlier run (of this monitor or another) first: its numbers are older.
    flush_run(jt, tl);
    if ((what & HEAD) == 0) {
      // The thread's first release in this stretch: it opens the thread's run.
      tl->run()->open(m, stretch, seq, enters, jt->monitor_owner_id(), chain, previous, time, acquired);
      return;
    }
  }
  LockStatBuffer* b = event_buffer(jt, tl, time);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  if ((what & WAIT_EXIT) != 0) {
    // Waits repeated in one critical section (a wait loop) share one reference: they all resolve
    // to the same release.
    u8 ref = pending_ref(jt, tl, m);
    if (ref == 0) {
      ref = Atomic::fetch_then_add(&next_forward_ref, (u8)1);
      if (!add_pending(jt, tl, m, ref)) {
        ref = 0;   // waits nested in more than max_pending monitors: the owner's chain stays unknown
      }
    }
    lockstat_write_monitor_wait_exit(w, time, monitor_id(m), seq, ref, enters);
  } else {
    // How long the owner held m, when its hold's start is known; readers bound it by the previous release.
    jlong held = acquired != 0 && acquired < time ? LockStatClock::to_nanos(time - acquired) : 0;
    lockstat_write_monitor_contended_exit(w, time, monitor_id(m), seq, chain, enters, (julong)held);
  }
  w.commit();
}

void LockStatMonitorEvents::wait_release(JavaThread* jt, ObjectMonitor* m, bool starting) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl != nullptr) {
    tl->set_waiting_on(starting ? m : nullptr);
  }
}

void LockStatMonitorEvents::reacquire(JavaThread* jt, ObjectMonitor* m, bool starting) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl != nullptr) {
    tl->set_reacquiring(starting ? m : nullptr);
  }
}

void LockStatMonitorEvents::reenter_begin(JavaThread* jt, ObjectMonitor* m) {
  contended_enter(jt, m, true);
}

void LockStatMonitorEvents::reenter_end(JavaThread* jt, ObjectMonitor* m) {
  contended_entered(jt, m);
}

void LockStatMonitorEvents::vthread_wait_begin(JavaThread* jt, ObjectMonitor* m) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  if (tl == nullptr || !in_virtual_thread(jt, tl)) {
    return;
  }
  // The chain of the later contended re-entry: walked now, while the frames are on the stack.
  u8 chain = LockStatCallChains::current_chain(jt, tl);
  LockStatVirtualThreadWaits::begin_wait(jt->monitor_owner_id(), m, chain);
}

void LockStatMonitorEvents::vthread_wait_end(JavaThread* jt, ObjectMonitor* m) {
  LockStatVirtualThreadWaits::end_wait(jt->monitor_owner_id(), m);
}

void LockStatMonitorEvents::vthread_reenter_blocked(JavaThread* jt, ObjectMonitor* m) {
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  u8 chain;
  if (tl != nullptr && LockStatSampling::record_contention(tl) &&
      LockStatVirtualThreadWaits::mark_reentering(jt->monitor_owner_id(), m, &chain)) {
    write_enter(jt, tl, m, chain, true);
  }
}

void LockStatMonitorEvents::vthread_acquired(JavaThread* jt, ObjectMonitor* m, bool after_wait) {
  // After a wait, an entered event only if the re-entry was contended (its enter was written).
  if (!after_wait || LockStatVirtualThreadWaits::end_wait(jt->monitor_owner_id(), m)) {
    contended_entered(jt, m);
  }
}

void LockStatMonitorEvents::deflated(Thread* current, ObjectMonitor* m) {
  // A thread's open run of m is written by that thread (its next release, the period's safepoint):
  // its number is below the deflation's count, so the analysis places it before the deflation.
  if (!in_trace(m)) {
    return;
  }
  // An enter-side number, with the owner side's final count: m has no owner left to number anything.
  u8 seq = m->lockstat()->next_enter();
  u8 owned = m->lockstat_seq()->owned();
  if (!current->is_Java_thread() || LockStatThreadLocal::current(JavaThread::cast(current)) == nullptr) {
    LockStatService::write_shared_monitor_event(LOCKSTAT_MONITOR_DEFLATE, m, seq, owned);
    return;
  }
  JavaThread* jt = JavaThread::cast(current);
  LockStatThreadLocal* tl = LockStatThreadLocal::current(jt);
  jlong now = LockStatClock::now();
  LockStatBuffer* b = event_buffer(jt, tl, now);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_monitor_deflate(w, now, monitor_id(m), seq, owned);
  w.commit();
}
