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

#include "lockstat/lockStatMacros.hpp"

#if INCLUDE_LOCKSTAT

#include "lockstat/storage/lockStatClock.hpp"
#include "runtime/os.hpp"
#include "unittest.hpp"

// The event clock: ticks of the time-stamp counter where it is invariant, nanoseconds otherwise;
// durations converted to nanoseconds agree with os::javaTimeNanos.
TEST_VM(LockStatClock, ticks_convert_to_nanoseconds) {
  LockStatClock::calibrate();
  ASSERT_GT(LockStatClock::frequency(), (jlong)0);
  jlong second = LockStatClock::to_nanos(LockStatClock::frequency());
  EXPECT_NEAR((double)second, (double)NANOSECS_PER_SEC, 1.0);
  if (!LockStatClock::is_counter()) {
    EXPECT_EQ(LockStatClock::frequency(), (jlong)NANOSECS_PER_SEC);
    EXPECT_EQ(LockStatClock::to_nanos(12345), (jlong)12345);
  }
  // 20 ms on both clocks, read in the same order at both ends: they agree within 1% and 100 us
  // (a preemption between the two reads at either end only adds to one side).
  jlong t0 = LockStatClock::now(), n0 = os::javaTimeNanos();
  os::naked_short_nanosleep(20 * NANOSECS_PER_MILLISEC);
  jlong t1 = LockStatClock::now(), n1 = os::javaTimeNanos();
  ASSERT_GT(t1, t0);
  double ticks_nanos = (double)LockStatClock::to_nanos(t1 - t0), nanos = (double)(n1 - n0);
  EXPECT_NEAR(ticks_nanos, nanos, nanos * 0.01 + 100000.0);
}

// What a clock read adds to an interval (taken off LockStat's timing of its own work): a few dozen
// cycles, never negative, never as much as a microsecond.
TEST_VM(LockStatClock, read_cost_is_small) {
  LockStatClock::calibrate();
  EXPECT_GE(LockStatClock::read_ticks(), (jlong)0);
  EXPECT_LT(LockStatClock::to_nanos(LockStatClock::read_ticks()), (jlong)1000);
  // Not more than a back-to-back pair measures now (the calibration took the least of many).
  jlong least = max_jlong;
  for (int i = 0; i < 100; i++) {
    jlong a = LockStatClock::now();
    least = MIN2(least, LockStatClock::now() - a);
  }
  EXPECT_LE(LockStatClock::read_ticks(), least + LockStatClock::read_ticks() / 2 + 1);
}

#endif // INCLUDE_LOCKSTAT
