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
#include "lockstat/events/lockStatReleaseStretch.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "memory/allocation.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/objectMonitor.hpp"
#include "runtime/safepoint.hpp"
#include "utilities/spinYield.hpp"

LockStatReleaseStretch* LockStatReleaseStretch::_pool = nullptr;
// No release reads this count (it would take 2^64 enters): no release joins a stretch before its head.
static const u8 no_head = (u8)-1;
static jlong max_duration_ticks = 0;
static volatile int next_free = 0;

size_t LockStatReleaseSummary::max_event_size() {
  return lockstat_monitor_release_summary_max_size + max_owners * lockstat_monitor_release_summary_owners_element_max_size;
}

// time, monitor, seq, count, enterSeq, owners (thread, chain, releases, duration and free in nanoseconds)
void LockStatReleaseSummary::write(LockStatEventWriter& w, ObjectMonitor* m) const {
  lockstat_write_monitor_release_summary(w, time, (julong)(uintptr_t)m, first_seq, count, enters, (julong)owners);
  for (int i = 0; i < owners; i++) {
    lockstat_write_monitor_release_summary_owners_element(w, (julong)owner[i].tid, owner[i].chain, owner[i].releases,
                                                          (julong)LockStatClock::to_nanos(owner[i].ticks),
                                                          (julong)LockStatClock::to_nanos(owner[i].free));
  }
}

void LockStatReleaseStretch::initialize() {
  _pool = NEW_C_HEAP_ARRAY(LockStatReleaseStretch, pool_size, mtInternal);
  memset((void*)_pool, 0, sizeof(LockStatReleaseStretch) * pool_size);   // free, unlocked
  max_duration_ticks = (jlong)((double)max_duration_nanos * (double)LockStatClock::frequency() / NANOSECS_PER_SEC);
}

// Held for a few dozen instructions, by threads that run: spinning beats parking.
void LockStatReleaseStretch::lock() {
  SpinYield spin;
  while (Atomic::load(&_lock) != 0 || Atomic::cmpxchg(&_lock, 0, 1) != 0) {
    spin.wait();
  }
}

void LockStatReleaseStretch::unlock() {
  Atomic::release_store(&_lock, 0);
}

void LockStatReleaseStretch::take_open(LockStatReleaseSummary* out) {
  if (_open.count == 0) {
    out->count = 0;
    return;
  }
  *out = _open;
  _open.count = 0;
  _open.owners = 0;
}

// Locked; back in the pool once unlocked.
void LockStatReleaseStretch::free() {
  _monitor = nullptr;
  _open.count = 0;
  _open.owners = 0;
  Atomic::release_store(&_in_use, 0);
  unlock();
}

LockStatReleaseStretch* LockStatReleaseStretch::of(ObjectMonitor* m) {
  LockStatReleaseStretch* s = m->lockstat()->stretch();
  if (s == nullptr) {
    return nullptr;
  }
  s->lock();
  if (!s->owned_by(m)) {
    s->unlock();   // recycled for another monitor: the hint is stale
    return nullptr;
  }
  return s;
}

LockStatReleaseStretch* LockStatReleaseStretch::allocate(ObjectMonitor* m) {
  if (_pool == nullptr) {
    return nullptr;
  }
  for (int attempt = 0; attempt < 4; attempt++) {
    LockStatReleaseStretch* seen = m->lockstat()->stretch();
    if (seen != nullptr) {
      seen->lock();
      if (seen->owned_by(m)) {
        return seen;   // another releaser attached one meanwhile
      }
      seen->unlock();
    }
    LockStatReleaseStretch* s = nullptr;
    int start = Atomic::fetch_then_add(&next_free, 1);
    for (int i = 0; i < pool_size && s == nullptr; i++) {
      LockStatReleaseStretch* c = &_pool[(uint)(start + i) % pool_size];
      if (Atomic::load(&c->_in_use) == 0 && Atomic::cmpxchg(&c->_in_use, 0, 1) == 0) {
        s = c;
      }
    }
    if (s == nullptr) {
      return nullptr;   // as many monitors in barging convoys as the pool has stretches
    }
    s->lock();
    s->_monitor = m;
    s->_open.count = 0;
    s->_open.owners = 0;
    s->_touched = true;
    s->_last_seq = 0;
    s->_last_enters = no_head;
    s->_last_time = 0;
    if (m->lockstat()->stretch_cmpxchg(seen, s) == seen) {
      return s;
    }
    s->free();
  }
  return nullptr;
}

bool LockStatReleaseStretch::add(ObjectMonitor* m, u8 seq, u8 enters, jlong now, jlong acquired, jlong tid, u8 chain,
                                 LockStatReleaseSummary* closed) {
  closed->count = 0;
  LockStatReleaseStretch* s = of(m);
  if (s == nullptr) {
    s = allocate(m);
    if (s == nullptr) {
      return false;
    }
  }
  s->_touched = true;
  LockStatReleaseSummary& open = s->_open;
  // Joins only right after the stretch's latest release: no other event of m in between.
  if (seq == s->_last_seq + 1 && enters == s->_last_enters && (open.count == 0 || now - s->_started < max_duration_ticks)) {
    int i = 0;
    if (open.count == 0) {
      open.first_seq = seq;
      open.enters = enters;
      open.owners = 0;
      s->_started = now;
    }
    while (i < open.owners && (open.owner[i].tid != tid || open.owner[i].chain != chain)) {
      i++;
    }
    if (i < LockStatReleaseSummary::max_owners) {
      if (i == open.owners) {
        open.owner[i].tid = tid;
        open.owner[i].chain = chain;
        open.owner[i].releases = 0;
        open.owner[i].ticks = 0;
        open.owner[i].free = 0;
        open.owners++;
      }
      // This release ends the owner part that began at the previous one (as the analysis replays
      // releases: times are a running maximum, so that a part is never negative).
      jlong time = MAX2(now, s->_last_time);
      open.owner[i].releases++;
      open.owner[i].ticks += time - s->_last_time;
      open.owner[i].free += LockStatMonitorSeq::free(s->_last_time, time, acquired);
      open.count++;
      open.time = time;
      s->_last_seq = seq;
      s->_last_time = time;
      s->unlock();
      return true;
    }
  }
  // The head of a new stretch, written by the caller after the summary it ends.
  s->take_open(closed);
  s->_last_seq = seq;
  s->_last_enters = enters;
  s->_last_time = now;
  s->unlock();
  return false;
}

void LockStatReleaseStretch::close(ObjectMonitor* m, bool detach, LockStatReleaseSummary* closed) {
  closed->count = 0;
  LockStatReleaseStretch* s = of(m);
  if (s == nullptr) {
    return;
  }
  s->take_open(closed);
  if (detach) {
    s->free();
  } else {
    s->unlock();
  }
}

void LockStatReleaseStretch::close_at_safepoint(bool all, void write(const LockStatReleaseSummary&, ObjectMonitor*)) {
  assert(SafepointSynchronize::is_at_safepoint(), "at a safepoint");
  if (_pool == nullptr) {
    return;
  }
  LockStatReleaseSummary closed;
  for (int i = 0; i < pool_size; i++) {
    LockStatReleaseStretch* s = &_pool[i];
    if (Atomic::load(&s->_in_use) == 0) {
      continue;
    }
    s->lock();
    if (s->_in_use == 0) {
      s->unlock();
      continue;
    }
    ObjectMonitor* m = s->_monitor;
    s->take_open(&closed);
    if (closed.count != 0) {
      write(closed, m);
    }
    // A stretch without releases for a whole period goes back to the pool: its monitor is idle, or
    // was deflated while a late release attached it.
    if (all || !s->_touched) {
      s->free();
    } else {
      s->_touched = false;
      s->unlock();
    }
  }
}
