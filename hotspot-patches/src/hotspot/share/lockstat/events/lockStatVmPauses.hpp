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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATVMPAUSES_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATVMPAUSES_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

// VmPause events: the intervals in which every Java thread was stopped at a safepoint (GC pauses,
// deoptimisation, class redefinition, ...). A timeline or bottle graph built from the trace counts
// no thread as running in them. Called by the VM thread only, so the begin time needs no guard.
class LockStatVmPauses : AllStatic {
 private:
  static jlong _synchronized_at;
 public:
  static const u1 kind_safepoint = 0;
  // All Java threads have stopped (end of SafepointSynchronize::begin).
  static void synchronized_now();
  // Before the threads are released (SafepointSynchronize::end): writes the pause.
  static void ending();
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATVMPAUSES_HPP
