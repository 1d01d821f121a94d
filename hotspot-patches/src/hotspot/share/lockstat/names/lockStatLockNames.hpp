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


#ifndef SHARE_LOCKSTAT_NAMES_LOCKSTATLOCKNAMES_HPP
#define SHARE_LOCKSTAT_NAMES_LOCKSTATLOCKNAMES_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

// Lock names, to answer "which lock is it?": when a trace ends, and at LockStat.dump, the most contended
// locks that are still alive are found in the heap, at a safepoint, and each is named by its reference
// path from a GC root ("static Inventory.LOCK", "static Registry.LEDGERS[String] -> Ledger.book",
// "thread "worker-1" local lock in OrderService.run"). One LOCK_NAME
// event a lock found, one LOCK_NAME_SEARCH event with what the search cost and whether a limit ended it.
// Reports show the name as the lock's key, with its class and identity hash.
// What a search found and cost (LOCK_NAME_SEARCH).
struct LockStatSearchSummary {
  jlong duration;   // nanoseconds, the whole safepoint operation
  u8 locks;         // searched for
  u8 found;
  u8 objects;       // reached
  u8 memory;        // bytes the search held at most
  u1 flags;         // LOCKSTAT_SEARCH_* bits (events/lockStatEventTypes.hpp)
};

class LockStatLockNames : AllStatic {
 public:
  // From a Java thread while tracing is on: names the at most max_locks most contended locks, searching
  // for at most time_limit_millis and through at most a twentieth of the heap's maximum size in
  // bookkeeping (as JFR's leak profiler). Map entries read as [KeyClass], or with show_keys as the key's
  // value for strings and boxed integers (heap contents, which a trace otherwise never holds). Writes into
  // the shared buffer; the next collect queues it.
  static void name_locks(int max_locks, jlong time_limit_millis, bool show_keys);
};

#endif // SHARE_LOCKSTAT_NAMES_LOCKSTATLOCKNAMES_HPP
