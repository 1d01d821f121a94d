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

#include "lockstat/stacktrace/lockStatKeySet.hpp"
#include "memory/allocation.inline.hpp"
#include "runtime/atomic.hpp"
#include "runtime/mutex.hpp"
#include "runtime/mutexLocker.hpp"
#include "utilities/globalCounter.inline.hpp"

// Purgers of all sets: class unloading and compiled-code unloading, both GC work, rarely at once.
static Mutex* purge_lock() {
  static Mutex* lock = new Mutex(Mutex::nosafepoint - 2, "LockStatKeySetPurge_lock");
  return lock;
}

LockStatKeySet::LockStatKeySet(size_t bucket_count, volatile u8* next_id) :
  _buckets(NEW_C_HEAP_ARRAY(Entry* volatile, bucket_count, mtTracing)),
  _mask(bucket_count - 1), _next_id(next_id), _entries(0), _bytes(bucket_count * sizeof(Entry*)) {
  assert(is_power_of_2(bucket_count), "bucket count must be a power of two");
  for (size_t i = 0; i < bucket_count; i++) {
    _buckets[i] = nullptr;
  }
  purge_lock();   // created now, not first at a safepoint
}

LockStatKeySet::~LockStatKeySet() {
  purge_all();
  FREE_C_HEAP_ARRAY(Entry* volatile, _buckets);
}

unsigned LockStatKeySet::hash(const uintptr_t* key, int length) {
  uint64_t h = (uint64_t)length;
  for (int i = 0; i < length; i++) {
    h = (h ^ (uint64_t)key[i]) * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
  }
  return (unsigned)(h ^ (h >> 32));
}

size_t LockStatKeySet::entry_size(int length) {
  return sizeof(Entry) + sizeof(uintptr_t) * (size_t)MAX2(length - 1, 0);
}

// The first entry from 'from' (inclusive) up to 'until' (exclusive; nullptr: the end) with the key.
LockStatKeySet::Entry* LockStatKeySet::find_in(Entry* from, const Entry* until, unsigned hash,
                                               const uintptr_t* key, int length) {
  for (Entry* e = from; e != nullptr && e != until; e = Atomic::load_acquire(&e->_next)) {
    if (e->_hash == hash && e->_length == length &&
        memcmp(e->_key, key, sizeof(uintptr_t) * (size_t)length) == 0) {
      return e;
    }
  }
  return nullptr;
}

bool LockStatKeySet::contains(Thread* current, const uintptr_t* key, int length) {
  unsigned h = hash(key, length);
  GlobalCounter::CriticalSection cs(current);
  return find_in(Atomic::load_acquire(&_buckets[h & _mask]), nullptr, h, key, length) != nullptr;
}

u8 LockStatKeySet::find_or_insert(Thread* current, const uintptr_t* key, int length, bool* inserted) {
  *inserted = false;
  unsigned h = hash(key, length);
  Entry* volatile* bucket = &_buckets[h & _mask];
  {
    GlobalCounter::CriticalSection cs(current);
    Entry* found = find_in(Atomic::load_acquire(bucket), nullptr, h, key, length);
    if (found != nullptr) {
      return found->_id;
    }
  }
  // New (as far as this thread can tell): allocate outside the critical section, so that a purger
  // waiting for readers never waits on malloc.
  size_t size = entry_size(length);
  Entry* e = (Entry*)AllocateHeap(size, mtTracing, AllocFailStrategy::RETURN_NULL);
  if (e == nullptr) {
    return 0;
  }
  e->_hash = h;
  e->_length = length;
  memcpy(e->_key, key, sizeof(uintptr_t) * (size_t)length);
  e->_id = Atomic::add(_next_id, (u8)1);   // ids of entries that lose the race are skipped, never reused
  GlobalCounter::CriticalSection cs(current);
  Entry* head = Atomic::load_acquire(bucket);
  Entry* found = find_in(head, nullptr, h, key, length);   // inserted while we allocated?
  while (found == nullptr) {
    e->_next = head;
    Entry* witness = Atomic::cmpxchg(bucket, head, e);   // releases e's fields
    if (witness == head) {
      Atomic::add(&_entries, (size_t)1);
      Atomic::add(&_bytes, size);
      *inserted = true;
      return e->_id;
    }
    // Entries were pushed since 'head' (or a purger unlinked it): search only the new ones; if head
    // itself was unlinked the search runs to the end of the chain, which is still correct.
    found = find_in(witness, head, h, key, length);
    head = witness;
  }
  FreeHeap(e);   // never published
  return found->_id;
}

int LockStatKeySet::purge(Dies dies, void* context, GrowableArrayCHeap<u8, mtTracing>* purged) {
  GrowableArrayCHeap<Entry*, mtTracing> dead;
  {
    MutexLocker ml(purge_lock(), Mutex::_no_safepoint_check_flag);
    for (size_t b = 0; b <= _mask; b++) {
      Entry* volatile* link = &_buckets[b];
      Entry* e = Atomic::load_acquire(link);
      while (e != nullptr) {
        Entry* next = Atomic::load_acquire(&e->_next);
        if (!dies(e, context)) {
          link = &e->_next;
          e = next;
          continue;
        }
        if (link == &_buckets[b]) {
          // e heads its bucket: an inserter may push in front of it at any moment.
          Entry* witness = Atomic::cmpxchg(link, e, next);
          if (witness != e) {
            Entry* pred = witness;   // e is still linked, behind the entries pushed since
            while (Atomic::load_acquire(&pred->_next) != e) {
              pred = Atomic::load_acquire(&pred->_next);
            }
            Atomic::release_store(&pred->_next, next);
            link = &pred->_next;
          }
        } else {
          Atomic::release_store(link, next);   // only purgers change non-head links
        }
        dead.append(e);
        e = next;
      }
    }
  }
  if (dead.is_empty()) {
    return 0;
  }
  // Readers may still be on an unlinked entry; none can reach one after they leave.
  GlobalCounter::write_synchronize();
  size_t freed = 0;
  for (int i = 0; i < dead.length(); i++) {
    Entry* e = dead.at(i);
    if (purged != nullptr) {
      purged->append(e->_id);
    }
    freed += entry_size(e->_length);
    FreeHeap(e);
  }
  Atomic::sub(&_entries, (size_t)dead.length());
  Atomic::sub(&_bytes, freed);
  return dead.length();
}

size_t LockStatKeySet::entries() const {
  return Atomic::load(&_entries);
}

size_t LockStatKeySet::bytes() const {
  return Atomic::load(&_bytes);
}

static bool always_dies(const LockStatKeySet::Entry*, void*) {
  return true;
}

void LockStatKeySet::purge_all() {
  purge(always_dies, nullptr, nullptr);
}
