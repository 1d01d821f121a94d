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

#include "lockstat/lockStatMacros.hpp"

#if INCLUDE_LOCKSTAT

#include "lockstat/stacktrace/lockStatKeySet.hpp"
#include "runtime/atomic.hpp"
#include "runtime/semaphore.inline.hpp"
#include "threadHelper.inline.hpp"
#include "unittest.hpp"

// The lock-free key sets behind the chain cache and the frame marks: one id per distinct key, however
// many threads insert it at once; ids never reused; a purge removes exactly the entries it is asked to.

static u8 insert(LockStatKeySet* set, const uintptr_t* key, int length, bool* inserted) {
  return set->find_or_insert(Thread::current(), key, length, inserted);
}

TEST_VM(LockStatKeySet, one_id_per_key) {
  volatile u8 next_id = 0;
  LockStatKeySet* set = new LockStatKeySet(4, &next_id);   // 4 buckets: most keys share one
  const uintptr_t a[] = { 1, 2, 3 }, b[] = { 1, 2, 4 }, prefix[] = { 1, 2 };
  bool inserted;
  u8 ida = insert(set, a, 3, &inserted);
  EXPECT_TRUE(inserted);
  EXPECT_NE(ida, (u8)0);
  EXPECT_EQ(insert(set, a, 3, &inserted), ida);
  EXPECT_FALSE(inserted);
  u8 idb = insert(set, b, 3, &inserted);
  EXPECT_TRUE(inserted);
  EXPECT_NE(idb, ida);
  u8 idp = insert(set, prefix, 2, &inserted);   // a prefix is a different key
  EXPECT_TRUE(inserted);
  EXPECT_NE(idp, ida);
  EXPECT_NE(idp, idb);
  u8 ide = insert(set, nullptr, 0, &inserted);   // the empty key too
  EXPECT_TRUE(inserted);
  EXPECT_EQ(set->entries(), (size_t)4);
  EXPECT_TRUE(set->contains(Thread::current(), b, 3));
  EXPECT_TRUE(set->contains(Thread::current(), nullptr, 0));
  const uintptr_t absent[] = { 3, 2, 1 };
  EXPECT_FALSE(set->contains(Thread::current(), absent, 3));
  EXPECT_EQ(insert(set, nullptr, 0, &inserted), ide);
  delete set;
}

static bool first_word_even(const LockStatKeySet::Entry* e, void*) {
  return e->length() > 0 && (e->key()[0] & 1) == 0;
}

TEST_VM(LockStatKeySet, purge_removes_what_dies_and_ids_are_not_reused) {
  volatile u8 next_id = 0;
  LockStatKeySet* set = new LockStatKeySet(8, &next_id);
  size_t empty_bytes = set->bytes();
  u8 ids[100];
  bool inserted;
  for (uintptr_t k = 0; k < 100; k++) {
    ids[k] = insert(set, &k, 1, &inserted);
  }
  EXPECT_EQ(set->entries(), (size_t)100);
  EXPECT_GT(set->bytes(), empty_bytes);
  GrowableArrayCHeap<u8, mtTracing> purged;
  EXPECT_EQ(set->purge(first_word_even, nullptr, &purged), 50);
  EXPECT_EQ(purged.length(), 50);
  EXPECT_EQ(set->entries(), (size_t)50);
  for (uintptr_t k = 0; k < 100; k++) {
    EXPECT_EQ(set->contains(Thread::current(), &k, 1), (k & 1) == 1) << "key " << k;
    if ((k & 1) == 0) {
      EXPECT_TRUE(purged.contains(ids[k])) << "the purged ids name the purged entries: key " << k;
    }
  }
  // A purged key inserted again gets a new id, never one handed out before.
  uintptr_t k0 = 0;
  u8 again = insert(set, &k0, 1, &inserted);
  EXPECT_TRUE(inserted);
  for (int k = 0; k < 100; k++) {
    EXPECT_NE(again, ids[k]);
  }
  set->purge_all();
  EXPECT_EQ(set->entries(), (size_t)0);
  EXPECT_EQ(set->bytes(), empty_bytes);
  EXPECT_EQ(insert(set, &k0, 1, &inserted), (u8)(again + 1));   // ids go on counting after purge_all
  delete set;
}

TEST_VM(LockStatKeySet, sets_sharing_an_id_space) {
  volatile u8 next_id = 0;
  LockStatKeySet* chains = new LockStatKeySet(4, &next_id);
  LockStatKeySet* frames = new LockStatKeySet(4, &next_id);
  uintptr_t k = 7;
  bool inserted;
  u8 one = insert(chains, &k, 1, &inserted);
  u8 two = insert(frames, &k, 1, &inserted);
  EXPECT_TRUE(inserted);
  EXPECT_NE(one, two);
  delete chains;
  delete frames;
}

// Threads insert the same keys at once (the chain cache under contention): every thread gets the same
// id for a key, and exactly one of them published it.
static const int concurrent_threads = 4;
static const int concurrent_keys = 2000;

class LockStatKeyInserter : public JavaTestThread {
  LockStatKeySet* _set;
  u8* _ids;
  volatile int* _published;
 public:
  LockStatKeyInserter(Semaphore* done, LockStatKeySet* set, u8* ids, volatile int* published)
    : JavaTestThread(done), _set(set), _ids(ids), _published(published) {}
  void main_run() override {
    for (int i = 0; i < concurrent_keys; i++) {
      uintptr_t key[2] = { (uintptr_t)i, (uintptr_t)i * 31 };
      bool inserted;
      _ids[i] = _set->find_or_insert(this, key, 2, &inserted);
      if (inserted) {
        Atomic::inc(&_published[i]);
      }
    }
  }
};

TEST_VM(LockStatKeySet, concurrent_inserts_agree) {
  volatile u8 next_id = 0;
  LockStatKeySet* set = new LockStatKeySet(64, &next_id);
  u8* ids = NEW_C_HEAP_ARRAY(u8, concurrent_threads * concurrent_keys, mtTest);
  volatile int* published = NEW_C_HEAP_ARRAY(volatile int, concurrent_keys, mtTest);
  for (int i = 0; i < concurrent_keys; i++) {
    published[i] = 0;
  }
  Semaphore done(0);
  LockStatKeyInserter* threads[concurrent_threads];
  for (int t = 0; t < concurrent_threads; t++) {
    threads[t] = new LockStatKeyInserter(&done, set, ids + t * concurrent_keys, published);
  }
  for (int t = 0; t < concurrent_threads; t++) {
    threads[t]->doit();
  }
  for (int t = 0; t < concurrent_threads; t++) {
    done.wait();
  }
  EXPECT_EQ(set->entries(), (size_t)concurrent_keys);
  for (int i = 0; i < concurrent_keys; i++) {
    EXPECT_EQ(published[i], 1) << "key " << i;
    EXPECT_NE(ids[i], (u8)0);
    for (int t = 1; t < concurrent_threads; t++) {
      EXPECT_EQ(ids[t * concurrent_keys + i], ids[i]) << "key " << i << ", thread " << t;
    }
  }
  FREE_C_HEAP_ARRAY(u8, ids);
  FREE_C_HEAP_ARRAY(volatile int, published);
  delete set;
}

#endif // INCLUDE_LOCKSTAT
