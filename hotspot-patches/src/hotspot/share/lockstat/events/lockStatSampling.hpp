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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATSAMPLING_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATSAMPLING_HPP

#include "lockstat/lockStat_globals.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "memory/allStatic.hpp"

// Sampled tracing (-XX:TraceLockContentionSampling=N, or jcmd LockStat.start sampling=N): a thread
// about to block records its contention with probability 1/N, drawn from its own generator so that
// the choice shares no cache line. A contention left out raises no count of blocked threads and
// opens no sampled park, so the releases and unparks that end it are not recorded either: the cost
// falls with N, while a recorded contention still has all of its owners. The flag is set only while
// tracing is off (LockStat.start), so one trace has one rate; its header carries it, and readers
// scale counts and times by it.
class LockStatSampling : AllStatic {
 public:
  static bool sampling() { return TraceLockContentionSampling > 1; }
  // Whether the contention the current thread begins now is recorded.
  static bool record_contention(LockStatThreadLocal* tl) {
    uint rate = TraceLockContentionSampling;
    return rate <= 1 || tl->next_random() % rate == 0;
  }
  // Parks: LockStatParkEvents decides per acquisition, keyed by thread id (a virtual thread's re-park
  // may run on another carrier than its first park).
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATSAMPLING_HPP
