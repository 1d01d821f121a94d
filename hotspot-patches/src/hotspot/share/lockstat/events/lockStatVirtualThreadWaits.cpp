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

#include "lockstat/events/lockStatVirtualThreadWaits.hpp"
#include "runtime/atomic.hpp"
#include "runtime/os.hpp"

enum LockStatWaitEntryKind : u1 { LOCKSTAT_WAIT_PENDING_REF = 1, LOCKSTAT_WAIT_WAIT = 2 };

struct LockStatWaitEntry {
  LockStatWaitEntry* next;
  jlong tid;
  ObjectMonitor* monitor;
  u8 value;          // LOCKSTAT_WAIT_PENDING_REF: the reference; LOCKSTAT_WAIT_WAIT: the wait's chain
  int kind;
  bool reentering;   // LOCKSTAT_WAIT_WAIT: a contended re-entry was recorded
};

const int bucket_count = 1024;
const int entry_count = 16 * 1024;
static LockStatWaitEntry* buckets[bucket_count];
static LockStatWaitEntry pool[entry_count];
static LockStatWaitEntry* free_list = nullptr;
static bool pool_ready = false;
static volatile int lock = 0;
static volatile int used = 0;   // entries in the table: lets the common case skip the lock

// Never blocks for long: holders only walk one short bucket list. No safepoint check, so usable
// from ObjectMonitor::exit and thaw.
class LockStatWaitTableLocker {
 public:
  LockStatWaitTableLocker() {
    while (Atomic::cmpxchg(&lock, 0, 1) != 0) {
      SpinPause();
    }
    if (!pool_ready) {
      for (int i = 0; i < entry_count; i++) {
        pool[i].next = free_list;
        free_list = &pool[i];
      }
      pool_ready = true;
    }
  }
  ~LockStatWaitTableLocker() { Atomic::release_store(&lock, 0); }
};

static LockStatWaitEntry** bucket(jlong tid, ObjectMonitor* m) {
  uintptr_t h = (uintptr_t)tid * 31 + ((uintptr_t)m >> 6);
  return &buckets[(h ^ (h >> 16)) % bucket_count];
}

static LockStatWaitEntry* find(jlong tid, ObjectMonitor* m, int kind) {
  for (LockStatWaitEntry* e = *bucket(tid, m); e != nullptr; e = e->next) {
    if (e->tid == tid && e->monitor == m && e->kind == kind) {
      return e;
    }
  }
  return nullptr;
}

static bool add(jlong tid, ObjectMonitor* m, int kind, u8 value) {
  if (free_list == nullptr) {
    return false;
  }
  LockStatWaitEntry* e = free_list;
  free_list = e->next;
  LockStatWaitEntry** b = bucket(tid, m);
  *e = { *b, tid, m, value, kind, false };
  *b = e;
  Atomic::inc(&used);
  return true;
}

static void remove(LockStatWaitEntry* victim) {
  for (LockStatWaitEntry** link = bucket(victim->tid, victim->monitor); *link != nullptr; link = &(*link)->next) {
    if (*link == victim) {
      *link = victim->next;
      victim->next = free_list;
      free_list = victim;
      Atomic::dec(&used);
      return;
    }
  }
}

static bool empty() {
  return Atomic::load_acquire(&used) == 0;
}

u8 LockStatVirtualThreadWaits::pending_ref(jlong tid, ObjectMonitor* m) {
  if (empty()) {
    return 0;
  }
  LockStatWaitTableLocker l;
  LockStatWaitEntry* e = find(tid, m, LOCKSTAT_WAIT_PENDING_REF);
  return e != nullptr ? e->value : 0;
}

bool LockStatVirtualThreadWaits::add_pending(jlong tid, ObjectMonitor* m, u8 ref) {
  LockStatWaitTableLocker l;
  return add(tid, m, LOCKSTAT_WAIT_PENDING_REF, ref);
}

int LockStatVirtualThreadWaits::take_pending(jlong tid, ObjectMonitor* m, u8* refs) {
  if (empty()) {
    return 0;
  }
  LockStatWaitTableLocker l;
  int n = 0;
  LockStatWaitEntry* e;
  while (n < max_refs_per_monitor && (e = find(tid, m, LOCKSTAT_WAIT_PENDING_REF)) != nullptr) {
    refs[n++] = e->value;
    remove(e);
  }
  return n;
}

bool LockStatVirtualThreadWaits::begin_wait(jlong tid, ObjectMonitor* m, u8 chain) {
  LockStatWaitTableLocker l;
  LockStatWaitEntry* e = find(tid, m, LOCKSTAT_WAIT_WAIT);
  if (e != nullptr) {
    e->value = chain;   // an earlier wait's entry left behind (tracing stopped meanwhile)
    e->reentering = false;
    return true;
  }
  return add(tid, m, LOCKSTAT_WAIT_WAIT, chain);
}

bool LockStatVirtualThreadWaits::mark_reentering(jlong tid, ObjectMonitor* m, u8* chain) {
  if (empty()) {
    return false;
  }
  LockStatWaitTableLocker l;
  LockStatWaitEntry* e = find(tid, m, LOCKSTAT_WAIT_WAIT);
  if (e == nullptr) {
    return false;
  }
  e->reentering = true;
  *chain = e->value;
  return true;
}

bool LockStatVirtualThreadWaits::end_wait(jlong tid, ObjectMonitor* m) {
  if (empty()) {
    return false;
  }
  LockStatWaitTableLocker l;
  LockStatWaitEntry* e = find(tid, m, LOCKSTAT_WAIT_WAIT);
  if (e == nullptr) {
    return false;
  }
  bool reentering = e->reentering;
  remove(e);
  return reentering;
}

// Sampled contentions of virtual threads: no lock, since take_blocked runs in the new owner's path,
// while it holds the monitor (a lock here would serialise every thread queued behind it). A virtual thread is blocked on one monitor at a time, so its id alone marks it: a slot
// per id (mod the table's size) holds the id of the thread whose sampled contention is open. Only
// that thread empties it; a thread whose slot is taken by another's open contention counts its
// contention as not sampled (add_blocked fails), so every count raised is taken back exactly.
static const int blocked_slots = 4096;
static volatile jlong sampled_blocked[blocked_slots];

static volatile jlong* blocked_slot(jlong tid) {
  return &sampled_blocked[(julong)tid % blocked_slots];
}

bool LockStatVirtualThreadWaits::add_blocked(jlong tid) {
  volatile jlong* slot = blocked_slot(tid);
  return Atomic::load(slot) == tid || Atomic::cmpxchg(slot, (jlong)0, tid) == 0;   // its own, left by a stopped trace
}

bool LockStatVirtualThreadWaits::take_blocked(jlong tid) {
  volatile jlong* slot = blocked_slot(tid);
  if (Atomic::load(slot) != tid) {
    return false;
  }
  Atomic::store(slot, (jlong)0);
  return true;
}

void LockStatVirtualThreadWaits::forget_blocked_at_safepoint() {
  memset((void*)sampled_blocked, 0, sizeof(sampled_blocked));
}
