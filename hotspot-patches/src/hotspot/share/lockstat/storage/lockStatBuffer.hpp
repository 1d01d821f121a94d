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

#ifndef SHARE_LOCKSTAT_STORAGE_LOCKSTATBUFFER_HPP
#define SHARE_LOCKSTAT_STORAGE_LOCKSTATBUFFER_HPP

#include "memory/allocation.hpp"
#include "utilities/globalDefinitions.hpp"

class Mutex;

// A trace buffer: events of one writer, encoded as in docs/trace-format.md. Its payload starts with
// the buffer header (writer thread id, buffer sequence number, base timestamp) so that the drain can
// hand the bytes to the file without looking inside. Buffers live in C heap and are recycled.
class LockStatBuffer : public CHeapObj<mtTracing> {
  friend class LockStatBuffers;
 private:
  LockStatBuffer* _next;
  u1*    _pos;
  u1*    _end;
  u1*    _events_start;     // after the buffer header
  jlong  _last_timestamp;   // timestamps are written as deltas to the previous event's
  size_t _capacity;
  bool   _keep;             // holds a definition (events.xml): queued even when the drain is behind
  // Payload follows the object.

 public:
  u1* data() const         { return (u1*)(this + 1); }
  size_t used() const      { return pointer_delta(_pos, data(), 1); }
  size_t capacity() const  { return _capacity; }
  bool has_events() const  { return _pos > _events_start; }

  // Room for an event of at most 'bytes' bytes?
  bool has_room(size_t bytes) const { return pointer_delta(_end, _pos, 1) >= bytes; }
  u1* pos() const          { return _pos; }
  void set_pos(u1* p) {
    assert(p >= data() && p <= _end, "an event ends within the room its writer checked for");
    _pos = p;
  }
  void keep()                       { _keep = true; }
  bool kept() const                 { return _keep; }
  jlong last_timestamp() const      { return _last_timestamp; }
  void set_last_timestamp(jlong ts) { _last_timestamp = ts; }

  static LockStatBuffer* from_data(void* data) { return ((LockStatBuffer*)data) - 1; }
  // Fills only the first 'size' bytes (never less than is written already): threads' buffers get
  // random sizes within one capacity, so that they rarely fill up together.
  void limit_to(size_t size) {
    if (size < _capacity && data() + size >= _pos) {
      _end = data() + size;
    }
  }
};

// The processing queue (full buffers, FIFO, for the drain thread) and the free list. Buffers have one
// capacity, so that any free buffer serves any request and the free list holds at most as many as
// were ever in use at once (a list of mixed sizes, searched at its head only, grew with every buffer
// too small for the next request: 3,812 buffers, 61 MB, in 2 s on 16 cores); a larger request (an
// event bigger than that) gets a buffer of its own, freed when it comes back.
class LockStatBuffers : AllStatic {
 private:
  static Mutex*          _lock;
  static LockStatBuffer* _full_head;
  static LockStatBuffer* _full_tail;
  static LockStatBuffer* _free;
  static size_t          _allocated;      // buffers in existence
  static size_t          _high_water;     // most buffers in existence at once
  static size_t          _bytes_allocated;
  static jlong           _next_sequence;  // buffer sequence numbers, gapless per trace
  static jlong           _lost;           // buffers dropped: tracing stopped, memory ran out, drain behind
  static size_t          _queued;         // buffers waiting for the drain

 public:
  static void initialize();   // once per VM; later calls do nothing
  // A buffer with its header written for the given writer (0 = the VM's metadata buffer), of the one
  // capacity, or larger where min_capacity asks for more.
  static LockStatBuffer* acquire(jlong writer_tid, size_t min_capacity);
  // Most buffers waiting for the drain (16 KB on average each): past it, the drain is not keeping up
  // and a full buffer is dropped and counted instead, so that memory stays bounded and application
  // threads never wait for the drain.
  static const size_t max_queued = 1024;
  // Buffers that hold a definition (a thread, class, method, call chain, monitor or lock name that other
  // buffers' events refer to) are queued up to this many: dropping one would leave every later event
  // that uses the definition unreadable, not only its own. They are few (a definition is written once
  // per trace), so this bound is met only by a program making new call chains while its drain is stalled.
  static const size_t max_queued_kept = 2 * max_queued;
  static const size_t capacity = 24 * K;
  // Queues a buffer for the drain; once tracing has stopped, or when the drain is max_queued
  // buffers behind (max_queued_kept for a buffer that keeps a definition), gives it back instead
  // (counted lost).
  static void enqueue_full(LockStatBuffer* buffer);
  static LockStatBuffer* take_full();
  // Puts a buffer just taken back at the head of the queue: the drain could not hand it over (no
  // Java heap for its ByteBuffer) and tries again later, in order.
  static void requeue_first(LockStatBuffer* buffer);
  static void release(LockStatBuffer* buffer);
  static void discard_all();
  // A new trace in a running VM: its buffer sequence starts at 0, it has lost nothing yet, and the
  // last trace's free buffers are given back to the C heap.
  static void reset_for_new_trace();
  static size_t high_water()      { return _high_water; }
  static size_t allocated()       { return _allocated; }
  static jlong lost()             { return _lost; }
  // Buffer sequence numbers handed out in this trace. Lost buffers numbered after the last one
  // written (dropped when tracing stopped behind a full queue) leave no hole; this bounds them.
  // Read without the lock, like lost(): called once tracing has stopped.
  static jlong numbered()         { return _next_sequence; }
  // Buffers waiting for the drain; read without the lock, for a heuristic only.
  static size_t queued()          { return _queued; }
  static void count_lost();
 private:
  static void put_free(LockStatBuffer* buffer);   // with the lock held
};

#endif // SHARE_LOCKSTAT_STORAGE_LOCKSTATBUFFER_HPP
