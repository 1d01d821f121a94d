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


#include "gc/shared/gc_globals.hpp"
#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/names/lockStatLockNames.hpp"
#include "lockstat/names/lockStatLockTally.hpp"
#include "lockstat/names/lockStatReferenceSearch.hpp"
#include "lockstat/service/lockStatService.hpp"
#include "runtime/globals.hpp"
#include "runtime/os.hpp"
#include "runtime/vmOperations.hpp"
#include "runtime/vmThread.hpp"
#include "utilities/ostream.hpp"

static const int max_name_steps = 8;       // references shown in a name; longer paths elide the middle
static const size_t max_name_length = 1000;

class VM_LockStatNameLocks : public VM_Operation {
  int _max_locks;
  jlong _time_limit_millis;
  bool _show_keys;
 public:
  VM_LockStatNameLocks(int max_locks, jlong time_limit_millis, bool show_keys) :
    _max_locks(max_locks), _time_limit_millis(time_limit_millis), _show_keys(show_keys) {}
  VMOp_Type type() const { return VMOp_ForceSafepoint; }   // no new type: vmOperation.hpp stays untouched
  void doit();
};

void VM_LockStatNameLocks::doit() {
  if (!LockStat::is_active()) {
    return;
  }
  const jlong begin = os::javaTimeNanos();
  LockStatSearchSummary summary = {};
  // Collectors that move objects concurrently (ZGC, Shenandoah) need their barriers to read the heap
  // at a safepoint; only the stop-the-world collectors are searched.
  if (UseZGC || UseShenandoahGC) {
    summary.flags |= LOCKSTAT_SEARCH_UNSUPPORTED_GC;
    LockStatService::write_shared_lock_name_search(summary);
    return;
  }
  LockStatLockTally::Lock* locks = NEW_C_HEAP_ARRAY(LockStatLockTally::Lock, _max_locks, mtTracing);
  LockStatReferenceSearch::Target* targets = NEW_C_HEAP_ARRAY(LockStatReferenceSearch::Target, _max_locks, mtTracing);
  int n = LockStatLockTally::top(locks, _max_locks);
  for (int i = 0; i < n; i++) {
    targets[i].klass = locks[i].klass;
    targets[i].hash = locks[i].hash;
  }
  // Bookkeeping bounded as JFR's leak profiler bounds its edge queue: a twentieth of the heap, at least 32 MB.
  const size_t budget = MAX2(MaxHeapSize / 20, (size_t)32 * M);
  const int max_nodes = (int)MIN2(budget / 16, (size_t)max_jint / 2);
  {
    LockStatReferenceSearch search(targets, n, max_nodes, begin + _time_limit_millis * NANOSECS_PER_MILLISEC,
                                   _show_keys);
    search.run();
    for (int i = 0; i < n; i++) {
      stringStream name;
      u1 root_kind = 0;
      int depth = 0;
      if (search.describe(i, &name, max_name_steps, &root_kind, &depth)) {
        LockStatService::write_shared_lock_name(locks[i].class_id, locks[i].hash, root_kind, depth,
                                                name.base(), MIN2(name.size(), max_name_length));
      }
    }
    summary.locks = n;
    summary.found = search.found();
    summary.objects = search.nodes();
    summary.memory = search.memory_bytes();
    if (search.outcome() == LockStatReferenceSearch::TIME_LIMIT) {
      summary.flags |= LOCKSTAT_SEARCH_TIME_LIMIT;
    } else if (search.outcome() == LockStatReferenceSearch::MEMORY_LIMIT) {
      summary.flags |= LOCKSTAT_SEARCH_MEMORY_LIMIT;
    }
  }
  if (LockStatLockTally::overflowed()) {
    summary.flags |= LOCKSTAT_SEARCH_TALLY_FULL;
  }
  FREE_C_HEAP_ARRAY(LockStatLockTally::Lock, locks);
  FREE_C_HEAP_ARRAY(LockStatReferenceSearch::Target, targets);
  summary.duration = os::javaTimeNanos() - begin;
  LockStatService::write_shared_lock_name_search(summary);
}

void LockStatLockNames::name_locks(int max_locks, jlong time_limit_millis, bool show_keys) {
  if (max_locks <= 0 || !LockStat::is_active()) {
    return;
  }
  VM_LockStatNameLocks op(MIN2(max_locks, 4096), MAX2(time_limit_millis, (jlong)1), show_keys);
  VMThread::execute(&op);
}
