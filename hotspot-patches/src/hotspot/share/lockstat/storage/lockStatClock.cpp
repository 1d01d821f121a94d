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

#include "lockstat/storage/lockStatClock.hpp"
#include "runtime/os.hpp"
#include "runtime/vm_version.hpp"

bool LockStatClock::_counter = false;
jlong LockStatClock::_frequency = 0;
jlong LockStatClock::_origin_ticks = 0;
jlong LockStatClock::_origin_nanos = 0;
jlong LockStatClock::_read_ticks = 0;

static jlong counter_ticks() {
#if defined(X86) && !defined(ZERO)
  return os::rdtsc();
#else
  return 0;
#endif
}

void LockStatClock::initialize() {
  _origin_nanos = os::javaTimeNanos();
  _origin_ticks = counter_ticks();
}

// The counter must tick at a constant rate, the same on every CPU, through power states: x86's
// invariant TSC (VM_Version::supports_tscinv_ext, as for HotSpot's own Rdtsc).
bool LockStatClock::may_be_counter() {
#if defined(X86) && !defined(ZERO)
  return VM_Version::supports_tscinv_ext();
#else
  return false;
#endif
}

// The least of many back-to-back differences: a preemption or an interrupt only lengthens one.
static jlong measure_read_ticks() {
  jlong least = max_jlong;
  for (int i = 0; i < 1000; i++) {
    jlong a = LockStatClock::now();
    jlong b = LockStatClock::now();
    least = MIN2(least, b - a);
  }
  return MAX2(least, (jlong)0);
}

void LockStatClock::calibrate() {
  if (_frequency != 0) {
    return;
  }
  calibrate_frequency();
  _read_ticks = measure_read_ticks();
}

void LockStatClock::calibrate_frequency() {
  if (may_be_counter() && _origin_nanos != 0) {
    jlong waited = os::javaTimeNanos() - _origin_nanos;
    if (waited < calibration_nanos) {
      // Tracing from VM start: start-up usually took longer than this already.
      os::naked_short_nanosleep(calibration_nanos - waited);
    }
    jlong ticks = counter_ticks();
    jlong nanos = os::javaTimeNanos();
    double frequency = (double)(ticks - _origin_ticks) * NANOSECS_PER_SEC / (double)(nanos - _origin_nanos);
    // A virtualised counter that stands still or races ahead is not a clock: fall back.
    if (frequency > 1.0e8 && frequency < 1.0e11) {
      _frequency = (jlong)frequency;
      _counter = true;
      return;
    }
  }
  _frequency = NANOSECS_PER_SEC;
  _counter = false;
}

jlong LockStatClock::to_nanos(jlong ticks) {
  if (!_counter) {
    return ticks;
  }
  return (jlong)((double)ticks * NANOSECS_PER_SEC / (double)_frequency);
}
