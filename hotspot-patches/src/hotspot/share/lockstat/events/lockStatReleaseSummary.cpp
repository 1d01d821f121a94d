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

#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/events/lockStatReleaseSummary.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"

size_t LockStatReleaseSummary::max_event_size() {
  return lockstat_monitor_release_summary_max_size + max_owners * lockstat_monitor_release_summary_owners_element_max_size;
}

// time, monitor, seq, count, enterSeq, flags, owners (thread, chain, releases, duration and free in nanoseconds)
void LockStatReleaseSummary::write(LockStatEventWriter& w, ObjectMonitor* m) const {
  lockstat_write_monitor_release_summary(w, time, (julong)(uintptr_t)m, first_seq, count, enters,
                                         LOCKSTAT_RELEASE_SUMMARY_RUN, (julong)owners);
  for (int i = 0; i < owners; i++) {
    lockstat_write_monitor_release_summary_owners_element(w, (julong)owner[i].tid, owner[i].chain, owner[i].releases,
                                                          (julong)LockStatClock::to_nanos(owner[i].ticks),
                                                          (julong)LockStatClock::to_nanos(owner[i].free));
  }
}
