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

#ifndef SHARE_LOCKSTAT_LOCKSTAT_HPP
#define SHARE_LOCKSTAT_LOCKSTAT_HPP

// Lock contention tracing (-XX:+TraceLockContention): the one header that upstream HotSpot code
// includes, as jfr/jfr.hpp is for JFR. Each hook in upstream code is one line, inside LOCKSTAT_ONLY,
// or one mark object; a hook that records something costs one predictable branch on is_active()
// while tracing is off. Built without the lockstat feature, every hook disappears. Two upstream
// headers that hundreds of files include take a small header of their own instead, so that a change
// here recompiles only the files with hooks: objectMonitor.hpp (events/lockStatMonitorState.hpp),
// frame_x86.inline.hpp and frame_aarch64.inline.hpp (stacktrace/lockStatFrameMarks.hpp). The subsystem
// behind it is organised by concept:
//   service/     starting and stopping tracing, jcmd LockStat.*, the natives of jdk.lockstat's recorder
//   storage/     per-thread buffers and the queue to the drain thread
//   events/      the events themselves: monitors, parks, virtual threads, VM pauses
//   stacktrace/  call chains: stack walks, the chain set, frame marking
//   names/       lock names: the contended locks' reference paths from GC roots, at a trace's end

#include "lockstat/lockStatMacros.hpp"

#if INCLUDE_LOCKSTAT

#include "jni.h"
#include "lockstat/events/lockStatMonitorState.hpp"
#include "lockstat/lockStat_globals.hpp"
#include "lockstat/stacktrace/lockStatFrameMarks.hpp"
#include "memory/allocation.hpp"
#include "oops/oopsHierarchy.hpp"
#include "utilities/exceptions.hpp"
#include "utilities/globalDefinitions.hpp"

class InstanceKlass;
class JavaThread;
class Method;
class nmethod;
class ObjectMonitor;
class Thread;

class LockStat : AllStatic {
  friend class LockStatService;   // turns tracing on and off
  friend class LockStatC2MonitorCodeTest;
  static volatile bool _active;
  static volatile bool _stamping_holds;   // tracing, on the time-stamp counter (below)

  // The recording halves of the hooks below, called only while tracing is on (lockStat.cpp).
  static void monitor_inflated(Thread* current, ObjectMonitor* m, oop obj);
  static void contended_enter(JavaThread* jt, ObjectMonitor* m);
  static void contended_entered(JavaThread* jt, ObjectMonitor* m);
  static void monitor_deflated(Thread* current, ObjectMonitor* m);
  static void vthread_wait_end(JavaThread* jt, ObjectMonitor* m);
  static void vthread_reenter_blocked(JavaThread* jt, ObjectMonitor* m);
  static void vthread_acquired(JavaThread* jt, ObjectMonitor* m, bool after_wait);
  static jlong monitor_hold_start(ObjectMonitor* m);

 public:
  static bool is_active()         { return _active; }
  // For compiled code that checks is_active() itself (C2's inflated monitor exit and acquisition).
  static address active_address() { return (address)&_active; }
  // C2's inline acquisition of an inflated monitor (x86_64) stamps the hold's start itself with the
  // time-stamp counter. Whether its code does so is fixed for the VM's life: C2 sizes a node's code
  // in one pass and emits it in a later one, a compilation may straddle the first trace's start (which
  // chooses LockStat's clock), and code that grew between the two passes fails C2's guarantee that a
  // block does not grow. Whether it stamps now is read when the code runs: while tracing on the
  // counter (storage/lockStatClock.hpp).
  static bool may_stamp_holds_inline();
  static address stamping_holds_address() { return (address)&_stamping_holds; }

  // VM and thread lifecycle (service/lockStatService.cpp).
  // After argument parsing: validates the flags; prints an error and returns false for bad values.
  static bool initialize_flags();
  // End of VM creation: starts the jdk.lockstat drain thread. Tracing failures never stop the VM.
  static void on_vm_initialized(TRAPS);
  // A started or JNI-attached thread, and a thread that ends (its state is freed even when off).
  static void on_thread_start(JavaThread* jt);
  static void on_thread_exit(JavaThread* jt);
  static void register_dcmds();   // jcmd LockStat.*

  // Safepoints: all Java threads have stopped; and before they are released, where every thread's
  // buffer goes to the drain and the pause is written (events/lockStatVmPauses.hpp).
  static void on_safepoint_synchronized();
  static void on_safepoint_end();

  // Monitors (events/lockStatMonitorEvents.hpp). The monitor address identifies a lock only between
  // its inflation and deflation; enter is recorded once, before a virtual thread may unmount.
  static void on_monitor_inflated(Thread* current, ObjectMonitor* m, oop obj) {
    if (is_active()) monitor_inflated(current, m, obj);
  }
  static void on_monitor_inflated(ObjectMonitor* m, oop obj) {   // by the current thread
    if (is_active()) monitor_inflated(nullptr, m, obj);
  }
  static void on_contended_enter(JavaThread* jt, ObjectMonitor* m) {
    if (is_active()) contended_enter(jt, m);
  }
  static void on_contended_entered(JavaThread* jt, ObjectMonitor* m) {
    if (is_active()) contended_entered(jt, m);
  }
  // ObjectMonitor::try_lock and try_spin, about to CAS the owner field of a monitor they saw free:
  // while a thread is blocked on m, the time, which the CAS's winner stores as its hold's start
  // (LockStatMonitorSeq::set_acquired) for its recorded release; 0 otherwise (nothing to store). Read
  // before the CAS, so that only the store is inside the critical section (a clock read is 25 cycles
  // or more, which every blocked thread would wait too). C2's inline acquisition does the same itself;
  // a contended acquisition has its ContendedEntered besides.
  static jlong hold_start_before_cas(ObjectMonitor* m) {
    return is_active() ? monitor_hold_start(m) : 0;
  }
  static void on_monitor_deflated(Thread* current, ObjectMonitor* m) {
    if (is_active()) monitor_deflated(current, m);
  }
  // Virtual threads in wait() unmount (JEP 491) and take the monitor back while being thawed: the
  // wait ends without blocking on the monitor, or blocks on it, or a thawed thread acquires it.
  static void on_vthread_wait_end(JavaThread* jt, ObjectMonitor* m) {
    if (is_active()) vthread_wait_end(jt, m);
  }
  static void on_vthread_reenter_blocked(JavaThread* jt, ObjectMonitor* m) {
    if (is_active()) vthread_reenter_blocked(jt, m);
  }
  static void on_vthread_acquired(JavaThread* jt, ObjectMonitor* m, bool after_wait) {
    if (is_active()) vthread_acquired(jt, m, after_wait);
  }

  // Call chains through unloaded classes are purged (stacktrace/lockStatCallChains.hpp), after the
  // unloading loaders are marked and before their metadata is freed; also once tracing stopped.
  static void on_classes_unloading();

  // Frame marking (stacktrace/lockStatFrameMarks.hpp, which frame::sender calls itself).
  static bool is_frame_mark(address pc) { return LockStatFrameMarks::is_trampoline(pc); }
  // Exception unwinding met a marked return address (is_frame_mark): the handler for the original
  // one, reached through a fixup stub that sets the exception pc to the original return address.
  static address exception_handler_for_mark(JavaThread* current, address return_address);
  // Deoptimization unpacking and OSR migration rebuild or move the current thread's frames without
  // returning through them: its mark is undone first.
  static void unmark_frames() { LockStatFrameMarks::unmark_current(); }
};

// The Java caller of a leaf call into the VM (no last Java frame) whose events take a call chain:
// C2's monitor exit slow path (SharedRuntime::complete_monitor_unlocking_C). Placed first in the
// called function by LOCKSTAT_LEAF_CALLER_MARK, it hands a stack walk the caller's stack pointer
// (the function's canonical frame address) and the function's own frame record ([0] the caller's
// frame pointer, [1] the return address into the caller). Needed on aarch64, where a C function's
// frame record lies at the bottom of its frame: following the records finds the return address into
// Java code but not where that Java frame begins (on x86_64 it begins two words above the record).
// On every CPU the pair is also the exit's site, which a thread's run of releases compares
// (LockStatReleaseRun). Costs one branch while tracing is off.
class LockStatLeafCaller : public StackObj {
  bool _set;
  static void set(intptr_t* caller_sp, intptr_t* record);
  static void clear();
 public:
  LockStatLeafCaller(intptr_t* caller_sp, intptr_t* record) : _set(LockStat::is_active()) {
    if (_set) set(caller_sp, record);
  }
  ~LockStatLeafCaller() { if (_set) clear(); }
  // The current thread's marked caller, if any: its sp, and the frame record of the marked function.
  static bool caller(intptr_t** caller_sp, intptr_t** record);
};
// Both builtins belong to the function that holds the mark, which is why this is a macro.
#define LOCKSTAT_LEAF_CALLER_MARK \
  LockStatLeafCaller lockstat_leaf_caller((intptr_t*)__builtin_dwarf_cfa(), (intptr_t*)__builtin_frame_address(0))

// Placed at the top of ObjectMonitor::exit(): if other threads are contending, takes what orders the
// release while the thread still owns the monitor (so it orders before the next owner's events): its
// sequence number unless it only continues the thread's run, and its time. Everything else runs after
// the owner field is cleared, in the destructor: the call chain, and the event or the run's sums.
// not_suspended false: the exit inside a contended enter that was suspended; it re-acquires later,
// and its enter events stand for the whole episode.
class LockStatMonitorExitMark : public StackObj {
  JavaThread* _jt;
  ObjectMonitor* _monitor;
  u8 _seq;      // the owner-side number of its first event
  u8 _enters;   // the enter side's count read with it
  jlong _time;
  int _what;   // what the destructor writes; 0: nothing
  static int begin(JavaThread* jt, ObjectMonitor* m, u8* seq, u8* enters, jlong* time);
  static void end(JavaThread* jt, ObjectMonitor* m, u8 seq, u8 enters, jlong time, int what);
 public:
  LockStatMonitorExitMark(JavaThread* jt, ObjectMonitor* m, bool not_suspended) :
    _jt(jt), _monitor(m), _seq(0), _enters(0), _time(0), _what(0) {
    if (LockStat::is_active() && not_suspended) {
      _what = begin(jt, m, &_seq, &_enters, &_time);
    }
  }
  ~LockStatMonitorExitMark() {
    if (_what != 0) {
      end(_jt, _monitor, _seq, _enters, _time, _what);
    }
  }
};

// A thread in Object.wait() (platform threads: ObjectMonitor::wait; virtual threads that unmount:
// vthread_wait). The release inside the wait records a forward reference, resolved at the thread's
// next real release of the monitor; taking the monitor back afterwards is an enter "after wait".
// Whether the wait is traced is decided once, when it releases the monitor.
class LockStatWait : public StackObj {
  JavaThread* _jt;
  ObjectMonitor* _monitor;
  bool _traced;
  bool _reentering;
  static void release(JavaThread* jt, ObjectMonitor* m, bool starting);
  static void reacquire(JavaThread* jt, ObjectMonitor* m, bool starting);
  static void reenter(JavaThread* jt, ObjectMonitor* m, bool starting);
 public:
  // Before the wait's exit of the monitor.
  LockStatWait(JavaThread* jt, ObjectMonitor* m) :
    _jt(jt), _monitor(m), _traced(LockStat::is_active()), _reentering(false) {
    if (_traced) release(jt, m, true);
  }
  void released()        { if (_traced) release(_jt, _monitor, false); }   // after the exit
  // Taking the monitor back with enter() (interrupted, timed out, or a failed preemption).
  void reacquire_begin() { if (_traced) reacquire(_jt, _monitor, true); }
  void reacquire_end()   { if (_traced) reacquire(_jt, _monitor, false); }
  // Notified: the thread is on the entry list already; contended only if another thread owns the
  // monitor now.
  void reenter_begin(bool other_owner) {
    _reentering = _traced && LockStat::is_active() && other_owner;
    if (_reentering) reenter(_jt, _monitor, true);
  }
  void reenter_end()     { if (_reentering) reenter(_jt, _monitor, false); }
};

// A virtual thread's wait() that may unmount: its chain is recorded before it tries to; a wait that
// stays pinned (the preemption failed) waits as a platform thread, and forgets this one.
class LockStatVirtualThreadWaitMark : public StackObj {
  JavaThread* _jt;
  ObjectMonitor* _monitor;
  bool _traced;
  static void begin(JavaThread* jt, ObjectMonitor* m);
  static void end(JavaThread* jt, ObjectMonitor* m);
 public:
  LockStatVirtualThreadWaitMark(JavaThread* jt, ObjectMonitor* m) :
    _jt(jt), _monitor(m), _traced(LockStat::is_active()) {
    if (_traced) begin(jt, m);
  }
  void pinned() { if (_traced) end(_jt, _monitor); }
};

// Around the wake-up of an unpark (Unsafe_Unpark) or interrupt (JVM_Interrupt) of target, placed
// before it in the block that does it: the unpark's number goes to the target's mailbox before the
// target is woken (its park end names this unpark); the event, with the unparker's call chain, is
// written by the destructor, after the wake-up, so that the walk does not delay the thread that
// takes the lock next (events/lockStatParkEvents.hpp).
class LockStatUnparkMark : public StackObj {
  JavaThread* _jt;
  jlong _target;
  jlong _time;
  u8 _gseq;   // 0: nothing to write
  static u8 begin(JavaThread* current, JavaThread* target, jlong* target_id, jlong* time);
  static void end(JavaThread* current, jlong target_id, u8 gseq, jlong time);
 public:
  LockStatUnparkMark(JavaThread* current, JavaThread* target) : _jt(current), _target(0), _time(0), _gseq(0) {
    if (LockStat::is_active()) {
      _gseq = begin(current, target, &_target, &_time);
    }
  }
  ~LockStatUnparkMark() {
    if (_gseq != 0) end(_jt, _target, _gseq, _time);
  }
};

// A park's state between PARK_BEGIN and PARK_END (events/lockStatParkEvents.hpp).
struct LockStatPark {
  jlong begin;
  jlong timeout_nanos;     // relative timeout, or 0
  u8 mailbox_before;       // the target's mailbox when the park began
  bool written;            // PARK_BEGIN was written: PARK_END must follow
  bool virtual_park;       // a virtual thread's own park (it unmounts), not Unsafe_Park
  bool blocked;            // false: a virtual thread's park that did not unmount (pinned)
};

// Around Parker::park in Unsafe_Park: PARK_BEGIN before, PARK_END after.
class LockStatParkMark : public StackObj {
  JavaThread* _jt;
  LockStatPark _park;
  static void begin(JavaThread* jt, bool is_absolute, jlong time, LockStatPark* park);
  static void end(JavaThread* jt, const LockStatPark* park);
 public:
  LockStatParkMark(JavaThread* jt, bool is_absolute, jlong time) : _jt(jt) {
    _park.written = false;
    _park.virtual_park = false;
    _park.blocked = true;
    if (LockStat::is_active()) begin(jt, is_absolute, time, &_park);
  }
  ~LockStatParkMark() {
    if (_park.written) end(_jt, &_park);
  }
};

// Compiled code about to be freed (ClassUnloadingContext::purge_nmethods): chains keyed by a pc in
// it are purged when this goes out of scope, before the code's memory can be reused.
class LockStatCodePurge : public StackObj {
  void* _ranges;
 public:
  LockStatCodePurge() : _ranges(nullptr) {}
  ~LockStatCodePurge();
  void add(nmethod* nm);
};

// Methods that class redefinition frees (ClassLoaderData::free_deallocate_list, at a safepoint):
// chains through them and their known-method entries are purged when this goes out of scope, so
// that neither a lookup nor a later purge meets a Method* whose memory was reused. The purge compares
// key words only: it never reads the freed methods.
class LockStatMethodPurge : public StackObj {
  void* _methods;
 public:
  LockStatMethodPurge() : _methods(nullptr) {}
  ~LockStatMethodPurge();
  void add(Method* m);
  void add_methods_of(InstanceKlass* ik);
};

// Binds the natives of jdk.lockstat.internal.recorder.LockStatVM (found through nativeLookup's table
// of special natives, like JFR's JVM.registerNatives).
extern "C" void JNICALL lockstat_register_natives(JNIEnv* env, jclass vm_class);

#endif // INCLUDE_LOCKSTAT

#endif // SHARE_LOCKSTAT_LOCKSTAT_HPP
