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

#include "classfile/javaClasses.hpp"
#include "classfile/symbolTable.hpp"
#include "classfile/systemDictionary.hpp"
#include "classfile/vmClasses.hpp"
#include "classfile/vmSymbols.hpp"
#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/events/lockStatMonitorEvents.hpp"
#include "lockstat/events/lockStatParkEvents.hpp"
#include "lockstat/events/lockStatReleaseSummary.hpp"
#include "lockstat/events/lockStatVirtualThreadWaits.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/lockStat_globals.hpp"
#include "lockstat/names/lockStatLockNames.hpp"
#include "lockstat/names/lockStatLockTally.hpp"
#include "lockstat/service/lockStatJavaSwitches.hpp"
#include "lockstat/service/lockStatService.hpp"
#include "lockstat/service/lockStatTraceFile.hpp"
#include "lockstat/stacktrace/lockStatCallChains.hpp"
#include "lockstat/stacktrace/lockStatFrameMarks.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "logging/log.hpp"
#include "memory/resourceArea.hpp"
#include "oops/instanceKlass.inline.hpp"
#include "oops/oop.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/fieldDescriptor.inline.hpp"
#include "runtime/globals_extension.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/interfaceSupport.inline.hpp"
#include "runtime/java.hpp"
#include "runtime/javaCalls.hpp"
#include "runtime/javaThread.hpp"
#include "runtime/mutexLocker.hpp"
#include "runtime/os.hpp"
#include "runtime/threadSMR.inline.hpp"
#include "runtime/vmOperations.hpp"
#include "runtime/vmThread.hpp"
#include "utilities/defaultStream.hpp"
#include "utilities/ostream.hpp"

volatile bool   LockStat::_active = false;
volatile bool   LockStat::_stamping_holds = false;
const char*     LockStatService::_trace_path = nullptr;
const char*     LockStatService::_report_path = nullptr;
bool            LockStatService::_write_trace_file = false;
jlong           LockStatService::_start_nanos = 0;
jlong           LockStatService::_start_ticks = 0;
jlong           LockStatService::_start_millis = 0;
LockStatBuffer* LockStatService::_metadata_buffer = nullptr;

static const size_t metadata_buffer_size = 16 * K;
static const size_t max_thread_name = 1024;   // longer names are cut: events must fit a buffer

// Serializes writers of the shared metadata buffer; nosafepoint because thread exit holds it briefly
// in states where a safepoint check is not allowed.
static Mutex* metadata_lock = nullptr;

bool LockStat::initialize_flags() {
  LockStatClock::initialize();
  char start_time[32];
  time_t now = (time_t)(os::javaTimeMillis() / 1000);
  struct tm local;
  if (os::localtime_pd(&now, &local) == nullptr ||
      strftime(start_time, sizeof(start_time), "%Y-%m-%d_%H-%M-%S", &local) == 0) {
    strcpy(start_time, "unknown-time");
  }
  fileStream err(defaultStream::error_stream());   // where argument errors go, before the VM exists
  char* path = LockStatTraceFile::expand(TraceLockContentionFile, os::current_process_id(), start_time, &err);
  if (path == nullptr) {
    return false;
  }
  LockStatService::_trace_path = path;
  LockStatService::_write_trace_file = TraceLockContention && !FLAG_IS_ERGO(TraceLockContention);
  if (TraceLockContentionReport != nullptr && TraceLockContentionReport[0] != '\0') {
    LockStatService::_report_path = LockStatTraceFile::expand(TraceLockContentionReport, os::current_process_id(), start_time, &err,
                                             "TraceLockContentionReport");
    if (LockStatService::_report_path == nullptr) {
      return false;
    }
  }
  return true;
}

// The trace's start on both clocks: readers convert event ticks to the os::javaTimeNanos timeline.
void LockStatService::mark_start() {
  _start_millis = os::javaTimeMillis();
  _start_ticks = LockStatClock::now();
  _start_nanos = os::javaTimeNanos();
}

// C2's inline acquisition stamps a hold's start only while tracing (lockStat.hpp): set after
// _active, cleared before it.
void LockStatService::set_active(bool active) {
  if (!active) {
    Atomic::release_store(&LockStat::_stamping_holds, false);
  }
  Atomic::release_store(&LockStat::_active, active);
  if (active) {
    Atomic::release_store(&LockStat::_stamping_holds, LockStatClock::is_counter());
  }
}

// The parts tracing needs, made on the first start (VM creation under -XX:+TraceLockContention, or
// the first jcmd LockStat.start): a VM that never traces allocates nothing for it.
void LockStatService::initialize_once() {
  if (metadata_lock != nullptr) {
    return;
  }
  LockStatClock::calibrate();   // before any event takes a timestamp
  LockStatBuffers::initialize();
  LockStatCallChains::initialize();
  LockStatFrameMarks::initialize();
  LockStatParkEvents::initialize();
  metadata_lock = new Mutex(Mutex::nosafepoint, "LockStatMetadata_lock");
}

void LockStat::on_vm_initialized(TRAPS) {
  if (!TraceLockContention) {
    return;
  }
  LockStatService::initialize_once();
  LockStatJavaSwitches::resolve(THREAD);   // for a later LockStat.stop
  LockStatService::mark_start();
  LockStatService::set_active(true);
  log_info(lockstat)("tracing started with the VM");
  // Threads started from now on announce themselves; those already running are written here. A
  // thread starting right now may appear twice; readers keep the first THREAD_START of an id.
  LockStatService::write_existing_threads();

  TempNewSymbol klass_name = SymbolTable::new_symbol("jdk/lockstat/internal/recorder/Startup");
  Klass* k = SystemDictionary::resolve_or_null(klass_name, THREAD);
  if (HAS_PENDING_EXCEPTION || k == nullptr) {
    CLEAR_PENDING_EXCEPTION;
    log_warning(lockstat)("module jdk.lockstat is missing from this image; lock contention tracing is off");
    LockStatService::stop();
    return;
  }
  JavaValue result(T_VOID);
  TempNewSymbol method_name = SymbolTable::new_symbol("start");
  JavaCalls::call_static(&result, k, method_name, vmSymbols::void_method_signature(), THREAD);
  if (HAS_PENDING_EXCEPTION) {
    // Tracing must never keep the application from running.
    ResourceMark rm(THREAD);
    oop ex = PENDING_EXCEPTION;
    warning("LockStat: could not start lock contention tracing: %s", ex->klass()->external_name());
    CLEAR_PENDING_EXCEPTION;
    LockStatService::stop();
  }
}

void LockStatService::write_existing_threads() {
  ThreadsListHandle tlh;
  for (JavaThread* jt : *tlh.list()) {
    if (jt->threadObj() != nullptr && !jt->is_exiting()) {
      write_thread_event(jt, LOCKSTAT_THREAD_START, LOCKSTAT_THREAD_EXISTED);
    }
  }
}

void LockStat::on_thread_start(JavaThread* jt) {
  if (LockStat::is_active()) {
    LockStatService::write_thread_event(jt, LOCKSTAT_THREAD_START, 0);
  }
}

void LockStat::on_thread_exit(JavaThread* jt) {
  if (LockStat::is_active()) {
    LockStatMonitorEvents::flush_run_at_thread_end(jt);
    LockStatService::write_thread_event(jt, LOCKSTAT_THREAD_END, 0);
  }
  LockStatThreadLocal::on_thread_exit(jt);   // also after a stop: frees the thread's state
  LockStatFrameMarks::release_current();
}

void LockStatService::at_safepoint() {
  if (LockStat::is_active()) {
    LockStatThreadLocal::reclaim_all_at_safepoint();
  }
}

// A forced safepoint in effect (hence its type): no new VM operation type, so that vmOperation.hpp,
// included nearly everywhere, stays untouched.
class VM_LockStatStop : public VM_Operation {
 private:
  bool _stop;   // false: only collect, tracing goes on
 public:
  explicit VM_LockStatStop(bool stop) : _stop(stop) {}
  VMOp_Type type() const { return VMOp_ForceSafepoint; }
  bool skip_thread_oop_barriers() const { return true; }   // reads no oops
  void doit() {
    if (!LockStat::is_active()) {
      return;
    }
    // Open runs of releases first: the drain period ends with everything written before it.
    LockStatMonitorEvents::flush_runs_at_safepoint(LockStatService::write_shared_release_summary);
    LockStatThreadLocal::reclaim_all_at_safepoint(_stop);
    LockStatService::write_shared_chain_stats();
    LockStatService::write_shared_section_stats();
    LockStatService::write_shared_thread_cpu();
    LockStatService::flush();
    if (_stop) {
      LockStatService::set_active(false);
      LockStatFrameMarks::unmark_all_at_safepoint();
      LockStatJavaSwitches::set_at_safepoint(false);
      log_info(lockstat)("tracing stopped");
    } else {
      log_debug(lockstat)("buffers collected, tracing goes on");
    }
  }
};

// Tracing starts in a running VM (jcmd LockStat.start): at a safepoint, so that no thread is in the
// middle of an event while what the last trace left in threads is cleared.
class VM_LockStatStart : public VM_Operation {
 public:
  VMOp_Type type() const { return VMOp_ForceSafepoint; }
  bool skip_thread_oop_barriers() const { return true; }   // reads no oops
  void doit() {
    LockStatThreadLocal::reset_all_at_safepoint();
    LockStatMonitorEvents::reset_monitors_at_safepoint();
    LockStatParkEvents::reset_at_safepoint();
    LockStatVirtualThreadWaits::forget_blocked_at_safepoint();
    LockStatLockTally::reset();
    LockStatService::mark_start();
    LockStatService::set_active(true);
    LockStatJavaSwitches::set_at_safepoint(true);
    log_info(lockstat)("tracing started in the running VM");
  }
};

bool LockStatService::start_at_runtime() {
  assert(Thread::current()->is_Java_thread(), "a Java thread starts and stops tracing");
  // Callers (jdk.lockstat's Control) serialize start and stop; the VM only refuses a second start.
  if (LockStat::is_active()) {
    return false;
  }
  initialize_once();
  // Tracing is off: no thread adds metadata now (purging is safe alongside stragglers anyway).
  // Forgotten metadata is written again, into the new trace, when an event first uses it.
  LockStatCallChains::forget_all();
  LockStatMonitorEvents::forget_all();
  LockStatBuffers::discard_all();   // whatever a failed earlier trace left queued
  LockStatBuffers::reset_for_new_trace();
  {
    MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
    if (_metadata_buffer != nullptr) {
      LockStatBuffers::release(_metadata_buffer);
      _metadata_buffer = nullptr;
    }
  }
  LockStatJavaSwitches::resolve(JavaThread::current());
  VM_LockStatStart op;
  VMThread::execute(&op);
  write_existing_threads();
  return true;
}

void LockStatService::collect() {
  if (metadata_lock == nullptr) {
    return;
  }
  VM_LockStatStop op(false);
  VMThread::execute(&op);
}

void LockStatService::stop_and_collect() {
  if (metadata_lock == nullptr) {
    return;
  }
  if (Thread::current()->is_Java_thread()) {
    LockStatJavaSwitches::resolve(JavaThread::current());   // a class loaded since the start
  }
  VM_LockStatStop op(true);
  VMThread::execute(&op);
}

LockStatBuffer* LockStatService::shared_buffer_for(size_t max_size) {
  assert(metadata_lock->owned_by_self(), "metadata lock held");
  if (_metadata_buffer != nullptr && !_metadata_buffer->has_room(max_size)) {
    LockStatBuffers::enqueue_full(_metadata_buffer);
    _metadata_buffer = nullptr;
  }
  if (_metadata_buffer == nullptr) {
    _metadata_buffer = LockStatBuffers::acquire(0, metadata_buffer_size);
  }
  return _metadata_buffer;
}

void LockStatService::write_shared_monitor_event(int type, ObjectMonitor* m, u8 seq, u8 other) {
  assert(type == LOCKSTAT_MONITOR_CONTENDED_EXIT || type == LOCKSTAT_MONITOR_DEFLATE, "invariant");
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = shared_buffer_for(MAX2(lockstat_monitor_contended_exit_max_size, lockstat_monitor_deflate_max_size));
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  if (type == LOCKSTAT_MONITOR_CONTENDED_EXIT) {
    lockstat_write_monitor_contended_exit(w, LockStatClock::now(), (julong)(uintptr_t)m, seq, 0, other, 0);   // no chain, no hold start from here
  } else {
    lockstat_write_monitor_deflate(w, LockStatClock::now(), (julong)(uintptr_t)m, seq, other);
  }
  w.commit();
}

void LockStatService::write_shared_release_summary(const LockStatReleaseSummary& summary, ObjectMonitor* m) {
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = shared_buffer_for(LockStatReleaseSummary::max_event_size());
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  summary.write(w, m);
  w.commit();
}

void LockStatService::write_shared_vm_pause(jlong begin, jlong duration, u1 kind) {
  // Safe at a safepoint: no Java thread can be stopped while it holds this no-safepoint lock.
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = shared_buffer_for(lockstat_vm_pause_max_size);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_vm_pause(w, begin, (julong)duration, kind);
  w.commit();
}

// Every registered thread's CPU time so far (user + system), at each drain period's safepoint and at the
// end: bottle graphs and the thread timeline tell running (on a CPU) from runnable (waiting for one) by
// it. Reading another thread's CPU clock is one clock_gettime; a VM without per-thread CPU clocks writes
// nothing. At most per_event threads an event, so that an event fits the shared buffer.
void LockStatService::write_shared_thread_cpu() {
  if (!os::is_thread_cpu_time_supported()) {
    return;
  }
  const int per_event = 128;
  jlong tids[per_event];
  jlong cpus[per_event];
  int n = 0;
  jlong now = LockStatClock::now();
  auto write = [&]() {
    MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
    LockStatBuffer* b = shared_buffer_for(lockstat_thread_cpu_max_size + n * lockstat_thread_cpu_threads_element_max_size);
    if (b == nullptr) {
      return;
    }
    LockStatEventWriter w(b);
    lockstat_write_thread_cpu(w, now, (julong)n);
    for (int i = 0; i < n; i++) {
      lockstat_write_thread_cpu_threads_element(w, (julong)tids[i], (julong)cpus[i]);
    }
    w.commit();
  };
  LockStatThreadLocal::threads_at_safepoint([&](jlong tid, JavaThread* jt) {
    jlong cpu = os::thread_cpu_time(jt, true);
    if (cpu < 0) {
      return;
    }
    tids[n] = tid;
    cpus[n] = cpu;
    if (++n == per_event) {
      write();
      n = 0;
    }
  });
  if (n > 0) {
    write();
  }
}

void LockStatService::write_shared_lock_name(u8 class_id, u8 hash, u1 root_kind, int depth,
                                             const char* name, size_t len) {
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = shared_buffer_for(lockstat_lock_name_max_size + len);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_lock_name(w, LockStatClock::now(), hash, class_id, root_kind, (julong)depth, name, len);
  w.commit();
}

void LockStatService::write_shared_lock_name_search(const LockStatSearchSummary& s) {
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = shared_buffer_for(lockstat_lock_name_search_max_size);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_lock_name_search(w, LockStatClock::now(), (julong)s.duration, s.locks, s.found, s.objects, s.memory, s.flags);
  w.commit();
}

void LockStatService::write_shared_chain_stats() {
  LockStatChainCounters c = LockStatThreadLocal::chain_counters_at_safepoint();
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = shared_buffer_for(lockstat_chain_stats_max_size);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_chain_stats(w, LockStatClock::now(), c.walks, c.reused, c.inserted, c.frames_walked, c.frames_saved,
                             (julong)LockStatCallChains::chain_count(), (julong)LockStatCallChains::memory_bytes());
  w.commit();
}

void LockStatService::write_shared_section_stats() {
  LockStatSectionCounters c = LockStatThreadLocal::section_counters_at_safepoint();
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = shared_buffer_for(lockstat_section_stats_max_size);
  if (b == nullptr) {
    return;
  }
  LockStatEventWriter w(b);
  lockstat_write_section_stats(w, LockStatClock::now(), c.acquisitions, (julong)LockStatClock::to_nanos((jlong)c.acquire_ticks),
                               c.releases, c.release_samples, (julong)LockStatClock::to_nanos((jlong)c.release_ticks),
                               c.slow_acquisitions, 0 /* inlineReleases: C2 no longer continues runs inline */);
  w.commit();
}

void LockStatService::write_thread_event(JavaThread* jt, int type, u1 flags) {
  oop thread_obj = jt->threadObj();
  if (thread_obj == nullptr) {
    return;   // not a Java-level thread (yet)
  }
  ResourceMark rm;
  jlong tid = java_lang_Thread::thread_id(thread_obj);
  const char* name = "";
  if (type == LOCKSTAT_THREAD_START) {
    oop name_oop = java_lang_Thread::name(thread_obj);
    name = name_oop != nullptr ? java_lang_String::as_utf8_string(name_oop) : "";
    if (java_lang_Thread::is_daemon(thread_obj)) flags |= LOCKSTAT_THREAD_DAEMON;
    if (java_lang_VirtualThread::is_instance(thread_obj)) flags |= LOCKSTAT_THREAD_VIRTUAL;
  }
  size_t name_len = MIN2(strlen(name), max_thread_name);
  assert(type == LOCKSTAT_THREAD_START || type == LOCKSTAT_THREAD_END, "invariant");
  size_t max_size = lockstat_thread_start_max_size + name_len;
  // An ending thread's CPU time, for the time since the last drain period's ThreadCpu (written by the
  // thread itself; LockStat's own threads, which record nothing, are left out).
  jlong cpu = type == LOCKSTAT_THREAD_END && jt == Thread::current() && !LockStatThreadLocal::is_current_excluded()
              && os::is_thread_cpu_time_supported() ? os::thread_cpu_time(jt, true) : -1;
  if (cpu >= 0) {
    max_size += lockstat_thread_cpu_max_size + lockstat_thread_cpu_threads_element_max_size;
  }

  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  if (!LockStat::is_active()) {
    return;
  }
  LockStatBuffer* b = shared_buffer_for(max_size);
  if (b == nullptr) {
    return;   // out of memory: counted as lost
  }
  LockStatEventWriter w(b);
  jlong now = LockStatClock::now();
  if (cpu >= 0) {
    lockstat_write_thread_cpu(w, now, 1);
    lockstat_write_thread_cpu_threads_element(w, (julong)tid, (julong)cpu);
  }
  if (type == LOCKSTAT_THREAD_START) {
    lockstat_write_thread_start(w, now, (julong)tid, flags, name, name_len);
  } else {
    lockstat_write_thread_end(w, now, (julong)tid);
  }
  w.commit();
}

void LockStatService::flush() {
  if (metadata_lock == nullptr) {
    return;
  }
  MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
  if (_metadata_buffer != nullptr) {
    LockStatBuffers::enqueue_full(_metadata_buffer);
    _metadata_buffer = nullptr;
  }
}

void LockStatService::stop() {
  set_active(false);
  if (metadata_lock != nullptr) {
    MutexLocker ml(metadata_lock, Mutex::_no_safepoint_check_flag);
    if (_metadata_buffer != nullptr) {
      // It has a sequence number that the trace will not contain: count it, so gaps add up.
      LockStatBuffers::count_lost();
      LockStatBuffers::release(_metadata_buffer);
      _metadata_buffer = nullptr;
    }
  }
  LockStatBuffers::discard_all();
}
