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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATRELEASESUMMARY_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATRELEASESUMMARY_HPP

#include "utilities/globalDefinitions.hpp"

class LockStatEventWriter;
class ObjectMonitor;

// A MonitorReleaseSummary (docs/trace-format.md): one thread's run of releases of a monitor within
// one stretch (storage/lockStatReleaseRun.hpp), summed per call chain. Only the run's first release
// took an owner-side number (first_seq; count is 1); the others follow in the owner parts.
struct LockStatReleaseSummary {
  static const int max_owners = 8;
  struct Owner {
    jlong tid;       // the releasing Java thread (a virtual thread's id for virtual threads)
    u8 chain;        // its call chain at the releases
    u4 releases;
    jlong ticks;     // the owner parts those releases end, summed (each from the monitor's previous recorded release)
    jlong free;      // the part of ticks before each hold's known start (LockStatMonitorSeq::acquired): the lock free
  };
  u8 first_seq;
  u8 count;          // numbers first_seq .. first_seq + count - 1; 0 for nothing to write
  u8 enters;         // the enter side's count all of them read (docs/trace-format.md)
  jlong time;        // the last release's time
  int owners;
  Owner owner[max_owners];

  LockStatReleaseSummary() : first_seq(0), count(0), enters(0), time(0), owners(0) {}
  static size_t max_event_size();
  void write(LockStatEventWriter& w, ObjectMonitor* m) const;
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATRELEASESUMMARY_HPP
