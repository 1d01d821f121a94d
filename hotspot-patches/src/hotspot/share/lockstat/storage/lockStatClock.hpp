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

#ifndef SHARE_LOCKSTAT_STORAGE_LOCKSTATCLOCK_HPP
#define SHARE_LOCKSTAT_STORAGE_LOCKSTATCLOCK_HPP

#include "memory/allStatic.hpp"
#include "runtime/os.inline.hpp"
#include "utilities/globalDefinitions.hpp"

// The clock of event timestamps. Where the CPU has an invariant time-stamp counter (x86 with
// INVTSC, the counter HotSpot's fast elapsed counter and JFR's ticks use) an event reads it
// directly: a few nanoseconds, against a vDSO clock_gettime behind os::javaTimeNanos that was 16% of
// all samples on a contended workload. Elsewhere the clock is os::javaTimeNanos, at 10^9 ticks a
// second. The frequency is measured against os::javaTimeNanos, from VM start to the first trace (at
// least calibration_nanos apart), and goes into the trace header with the tick and nanosecond values
// of the trace's start; readers convert ticks to the System.nanoTime timeline (docs/trace-format.md).
// Durations that events carry are converted here, to nanoseconds.
class LockStatClock : AllStatic {
  static bool _counter;        // the time-stamp counter, not os::javaTimeNanos
  static jlong _frequency;     // ticks per second, once calibrated
  static jlong _origin_ticks;  // the first calibration sample
  static jlong _origin_nanos;
  static jlong _read_ticks;    // what reading the clock itself adds to an interval it measures
  static void calibrate_frequency();
  friend class LockStatC2MonitorCodeTest;

 public:
  static const jlong calibration_nanos = 20 * NANOSECS_PER_MILLISEC;

  // The first calibration sample (when the flags are processed).
  static void initialize();
  // Measures the frequency if that has not been done yet; may sleep until calibration_nanos have
  // passed since initialize(). Before the first trace starts.
  static void calibrate();

  static jlong now() {
#if defined(X86) && !defined(ZERO)
    if (_counter) {
      return os::rdtsc();
    }
#endif
    return os::javaTimeNanos();
  }
  static jlong frequency() { return _frequency; }
  // The least difference of two back-to-back reads, measured at calibration: LockStat's timing of
  // its own work (LockStatSectionCounters) takes it off an interval whose first read is there only
  // to time it, so that the figure is the work's, not the measurement's.
  static jlong read_ticks() { return _read_ticks; }
  static bool is_counter() { return _counter; }
  // Whether calibration may choose the counter: the CPU's, fixed before any code is compiled.
  static bool may_be_counter();
  // A tick difference in nanoseconds.
  static jlong to_nanos(jlong ticks);
};

#endif // SHARE_LOCKSTAT_STORAGE_LOCKSTATCLOCK_HPP
