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

#ifndef SHARE_LOCKSTAT_STACKTRACE_LOCKSTATKEYSET_HPP
#define SHARE_LOCKSTAT_STACKTRACE_LOCKSTATKEYSET_HPP

#include "memory/allocation.hpp"
#include "utilities/growableArray.hpp"

class Thread;

// A lock-free set of keys (short sequences of words), each with an id that is never reused (paper
// 3.4, "call chains"). It holds the call chains, and the classes and methods whose metadata a trace
// already has.
// - Lookups take no lock and no atomic read-modify-write: they run in a GlobalCounter read-side
//   critical section (HotSpot's RCU: one fenced store on entry, one store on exit).
// - Insertion is one compare-and-set of the new entry onto the head of its collision chain. On
//   failure the entries pushed in between are searched for the key, and the CAS is retried.
//   Exactly one caller publishes a key; it writes the key's metadata event.
// - The bucket array never changes, so there is no resize to stop the world for; a set sized
//   for the expected keys keeps its chains short (the chain set: 64 K buckets, 512 KB).
// - Purging (class or compiled-code unloading) unlinks entries under a lock that only purgers take,
//   then waits in GlobalCounter::write_synchronize() until every reader that might still see an
//   unlinked entry has left its critical section, and only then frees the entries. Inserters touch
//   only bucket heads, so the purger's unlinking races with them only there, and a failed head CAS
//   finds the entry's new predecessor among the entries pushed since.
class LockStatKeySet : public CHeapObj<mtTracing> {
 public:
  class Entry {
    friend class LockStatKeySet;
    Entry* volatile _next;
    unsigned _hash;
    int _length;         // words in _key
    u8 _id;
    uintptr_t _key[1];   // _length words, allocated with the entry
   public:
    const uintptr_t* key() const { return _key; }
    int length() const { return _length; }
    u8 id() const { return _id; }
  };
  // Purge predicate: true when the entry must go.
  typedef bool (*Dies)(const Entry* e, void* context);

 private:
  Entry* volatile* const _buckets;
  const size_t _mask;            // bucket count - 1; the count is a power of two
  volatile u8* const _next_id;   // may be shared by sets that share an id space
  volatile size_t _entries;
  volatile size_t _bytes;

  static Entry* find_in(Entry* from, const Entry* until, unsigned hash, const uintptr_t* key, int length);
  static size_t entry_size(int length);

 public:
  LockStatKeySet(size_t bucket_count, volatile u8* next_id);
  // Frees every entry and the buckets (the VM's sets live as long as the VM; the gtests delete theirs).
  ~LockStatKeySet();
  static unsigned hash(const uintptr_t* key, int length);
  // The id of key, inserted if it is new; *inserted is true only for the caller that published it.
  // 0 when the key is new and there is no memory for it.
  u8 find_or_insert(Thread* current, const uintptr_t* key, int length, bool* inserted);
  // Whether key is in the set (a lookup only: no allocation, no atomic read-modify-write).
  bool contains(Thread* current, const uintptr_t* key, int length);
  // Removes and frees every entry that dies, appending their ids to purged (if given). Not from
  // inside a read-side critical section; at a safepoint or concurrently with readers and inserters.
  int purge(Dies dies, void* context, GrowableArrayCHeap<u8, mtTracing>* purged);
  // Removes and frees every entry (a new trace: jcmd LockStat.start); ids go on counting.
  void purge_all();
  size_t entries() const;
  size_t bytes() const;   // entries and bucket array
};

#endif // SHARE_LOCKSTAT_STACKTRACE_LOCKSTATKEYSET_HPP
