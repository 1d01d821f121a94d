/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTTYPES_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTTYPES_HPP

// Event type ids of the trace format. They must match jdk.lockstat.internal.format.EventType and
// docs/trace-format.md; the schema record that the drain writes into every trace is generated from
// EventType, and a jtreg test checks that what the VM writes parses against it.
enum LockStatEventType {
  LOCKSTAT_THREAD_START              = 1,
  LOCKSTAT_THREAD_END                = 2,
  LOCKSTAT_THREAD_RENAME             = 3,
  LOCKSTAT_CLASS                     = 4,
  LOCKSTAT_METHOD                    = 5,
  LOCKSTAT_CALL_CHAIN                = 6,
  LOCKSTAT_LOADER_UNLOAD             = 7,
  LOCKSTAT_CHAIN_PURGE               = 8,
  LOCKSTAT_MONITOR_INFLATE           = 10,
  LOCKSTAT_MONITOR_DEFLATE           = 11,
  LOCKSTAT_MONITOR_CONTENDED_ENTER   = 12,
  LOCKSTAT_MONITOR_CONTENDED_ENTERED = 13,
  LOCKSTAT_MONITOR_CONTENDED_EXIT    = 14,
  LOCKSTAT_MONITOR_WAIT_EXIT         = 15,
  LOCKSTAT_MONITOR_FORWARD_RESOLVE   = 16,
  LOCKSTAT_MONITOR_NOTIFY            = 17,
  LOCKSTAT_MONITOR_RELEASE_SUMMARY   = 18,
  LOCKSTAT_PARK_BEGIN                = 20,
  LOCKSTAT_PARK_END                  = 21,
  LOCKSTAT_UNPARK                    = 22,
  LOCKSTAT_SHARED_RELEASE            = 23,
  LOCKSTAT_VTHREAD_MOUNT             = 30,
  LOCKSTAT_VTHREAD_UNMOUNT           = 31,
  LOCKSTAT_VM_PAUSE                  = 32,
  LOCKSTAT_CHAIN_STATS               = 41,
  LOCKSTAT_THREAD_CPU                = 42,
  LOCKSTAT_LOCK_NAME                 = 43,
  LOCKSTAT_LOCK_NAME_SEARCH          = 44,
  LOCKSTAT_SECTION_STATS             = 45
};

// Bits of THREAD_START's flags.
enum LockStatThreadFlags {
  LOCKSTAT_THREAD_VIRTUAL = 1,
  LOCKSTAT_THREAD_DAEMON  = 2,
  LOCKSTAT_THREAD_EXISTED = 4   // already running when tracing started
};

// Bits of PARK_BEGIN's flags.
enum LockStatParkFlags {
  LOCKSTAT_PARK_PINNED = 1,   // a pinned virtual thread blocks its carrier
  LOCKSTAT_PARK_REPARK = 2    // parks again in the same acquisition: woken, it lost the lock to a barger
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTTYPES_HPP
