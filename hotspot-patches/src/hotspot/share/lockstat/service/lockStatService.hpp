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

#ifndef SHARE_LOCKSTAT_SERVICE_LOCKSTATSERVICE_HPP
#define SHARE_LOCKSTAT_SERVICE_LOCKSTATSERVICE_HPP

#include "lockstat/lockStat.hpp"
#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

class LockStatBuffer;
class ObjectMonitor;
struct LockStatReleaseSummary;
struct LockStatSearchSummary;

// Tracing as a whole: started at VM creation (-XX:+TraceLockContention) or in a running VM (jcmd
// LockStat.start), stopped and collected at safepoints, and the shared buffer that threads without a
// buffer of their own (metadata, the VM thread) write into. LockStat (the facade) holds the on/off
// switch; this class is the only one that turns it.
class LockStatService : AllStatic {
  static const char*   _trace_path;     // TraceLockContentionFile with %p/%t/%% expanded
  static const char*   _report_path;    // TraceLockContentionReport expanded; nullptr: no online analysis
  static bool          _write_trace_file;  // the user asked for a trace file (not only a report)
  static jlong         _start_nanos;    // os::javaTimeNanos() when tracing started
  static jlong         _start_ticks;    // LockStatClock::now() at the same moment
  static jlong         _start_millis;   // wall clock at the same moment
  static LockStatBuffer* _metadata_buffer;  // shared buffer for thread lifecycle events

  static void write_thread_event(JavaThread* jt, int type, u1 flags);
  static LockStatBuffer* shared_buffer_for(size_t max_size);   // caller holds the metadata lock
  static void write_existing_threads();
  static void initialize_once();
  static void set_active(bool active);
  friend class LockStat;
  friend class VM_LockStatStop;
  friend class VM_LockStatStart;

 public:
  // Starts tracing in a running VM (jcmd LockStat.start, JMX), with a new trace: buffer sequence
  // from 0, and the metadata of threads, classes, methods, call chains and inflated monitors
  // written again as events first use them. False when tracing is already on.
  static bool start_at_runtime();
  // Stops tracing for good (trace file unwritable, VM shutting down); queued buffers are dropped.
  static void stop();
  // Queues the partly filled shared buffers so that the drain sees everything written so far.
  static void flush();
  // Stops tracing at a safepoint, where no thread is in the middle of an event: every thread's
  // buffer is queued first, so the drain can write a trace without gaps.
  static void stop_and_collect();
  // Queues every thread's buffer at a safepoint while tracing goes on: an on-demand report (jcmd)
  // then sees everything up to now, not only the buffers that happened to fill.
  static void collect();
  // Safepoint hook: threads' buffers go to the queue, so an idle thread cannot hold back analysis.
  static void at_safepoint();
  // A monitor event from a thread without its own buffer, into the shared buffer: a release (other:
  // the enter side's count read with seq) or a deflation (other: the owner side's final count).
  static void write_shared_monitor_event(int type, ObjectMonitor* m, u8 seq, u8 other);
  // A MonitorReleaseSummary from a thread without its own buffer (the VM thread at a safepoint).
  static void write_shared_release_summary(const LockStatReleaseSummary& summary, ObjectMonitor* m);
  // A VmPause from the VM thread at a safepoint (the shared buffer: it has no thread-local one).
  static void write_shared_vm_pause(jlong begin, jlong duration, u1 kind);
  // At a safepoint: the call-chain counters so far (CHAIN_STATS; totals, so each drain period's
  // share is the difference to the previous event).
  static void write_shared_chain_stats();
  // At a safepoint: LockStat's own time inside critical sections so far (SECTION_STATS, totals).
  static void write_shared_section_stats();
  static void write_shared_thread_cpu();   // each thread's CPU time so far (ThreadCpu), at a safepoint
  // Lock names, from the VM thread at a safepoint (names/lockStatLockNames.hpp).
  static void write_shared_lock_name(u8 class_id, u8 hash, u1 root_kind, int depth, const char* name, size_t len);
  static void write_shared_lock_name_search(const LockStatSearchSummary& summary);

  static const char* trace_path()  { return _trace_path; }
  static const char* report_path() { return _report_path; }
  static bool write_trace_file()   { return _write_trace_file; }
  static jlong start_nanos()       { return _start_nanos; }
  static jlong start_ticks()       { return _start_ticks; }
  static void mark_start();
  static jlong start_millis()      { return _start_millis; }
};

#endif // SHARE_LOCKSTAT_SERVICE_LOCKSTATSERVICE_HPP
