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


#include "lockstat/names/lockStatLockTally.hpp"
#include "runtime/atomic.hpp"

// 4096 locks of 32 bytes: 128 KB whatever the workload. A key claims its slot with one CAS on the key
// word (class id and hash in one word, so that a reader never sees half a key); its Klass* follows.
static const int capacity = 4096;     // a power of two
static const int max_probes = 32;

struct TallySlot {
  volatile u8 key;        // class_id << 32 | hash; 0: free
  Klass* volatile klass;  // set right after the key, by the thread that claimed it
  volatile u8 episodes;
  u8 pad;
};

static TallySlot _slots[capacity];
static volatile bool _overflowed = false;

void LockStatLockTally::add(Klass* klass, u8 class_id, u8 hash) {
  if (hash == 0 || class_id == 0 || class_id > max_juint || hash > max_juint) {
    return;
  }
  const u8 key = class_id << 32 | hash;
  const u4 start = (u4)((key * 0x9E3779B97F4A7C15ULL) >> 40);
  for (int i = 0; i < max_probes; i++) {
    TallySlot* s = &_slots[(start + i) & (capacity - 1)];
    u8 k = Atomic::load_acquire(&s->key);
    if (k == 0) {
      k = Atomic::cmpxchg(&s->key, (u8)0, key);
      if (k == 0) {
        Atomic::release_store(&s->klass, klass);
        k = key;
      }
    }
    if (k == key) {
      Atomic::inc(&s->episodes, memory_order_relaxed);
      return;
    }
  }
  _overflowed = true;
}

void LockStatLockTally::reset() {
  for (int i = 0; i < capacity; i++) {
    _slots[i].key = 0;
    _slots[i].klass = nullptr;
    _slots[i].episodes = 0;
  }
  _overflowed = false;
}

int LockStatLockTally::top(Lock* out, int max) {
  int n = 0;
  for (int i = 0; i < capacity; i++) {
    const TallySlot* s = &_slots[i];
    if (s->key == 0 || s->klass == nullptr) {
      continue;
    }
    Lock l = { s->klass, s->key >> 32, (u4)(s->key & max_juint), s->episodes };
    // Insertion into the sorted top max: max is small (the trace-end search names tens of locks).
    int at = n < max ? n : max - 1;
    if (n == max && out[at].episodes >= l.episodes) {
      continue;
    }
    while (at > 0 && out[at - 1].episodes < l.episodes) {
      out[at] = out[at - 1];
      at--;
    }
    out[at] = l;
    if (n < max) {
      n++;
    }
  }
  return n;
}

bool LockStatLockTally::overflowed() {
  return _overflowed;
}
