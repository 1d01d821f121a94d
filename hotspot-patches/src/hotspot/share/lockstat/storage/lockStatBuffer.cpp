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

#include "lockstat/lockStat.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "runtime/mutex.hpp"
#include "runtime/mutexLocker.hpp"
#include "runtime/os.hpp"

Mutex*          LockStatBuffers::_lock = nullptr;
LockStatBuffer* LockStatBuffers::_full_head = nullptr;
LockStatBuffer* LockStatBuffers::_full_tail = nullptr;
LockStatBuffer* LockStatBuffers::_free = nullptr;
size_t          LockStatBuffers::_allocated = 0;
size_t          LockStatBuffers::_high_water = 0;
size_t          LockStatBuffers::_bytes_allocated = 0;
size_t          LockStatBuffers::_queued = 0;
jlong           LockStatBuffers::_next_sequence = 0;
jlong           LockStatBuffers::_lost = 0;

void LockStatBuffers::initialize() {
  // Once per VM (the gtests initialise it too; LockStatService::initialize_once runs it once).
  if (_lock != nullptr) {
    return;
  }
  // nosafepoint: taken by threads in any state, never held across a safepoint check.
  // Ranked below the metadata lock, which is held while a buffer is acquired.
  _lock = new Mutex(Mutex::nosafepoint - 1, "LockStatBuffers_lock");
}

LockStatBuffer* LockStatBuffers::acquire(jlong writer_tid, size_t min_capacity) {
  LockStatBuffer* b = nullptr;
  jlong sequence;
  size_t cap = MAX2(capacity, min_capacity);
  {
    MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
    if (_free != nullptr && cap == capacity) {
      b = _free;
      _free = b->_next;
    }
    sequence = _next_sequence++;
  }
  if (b == nullptr) {
    void* mem = os::malloc(sizeof(LockStatBuffer) + cap, mtTracing);
    if (mem == nullptr) {
      MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
      _lost++;
      return nullptr;
    }
    b = (LockStatBuffer*)mem;
    b->_capacity = cap;
    MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
    _allocated++;
    _bytes_allocated += cap;
    _high_water = MAX2(_high_water, _allocated);
  }
  b->_next = nullptr;
  b->_pos = b->data();
  b->_end = b->data() + b->_capacity;
  jlong now = LockStatClock::now();
  b->_last_timestamp = now;
  b->_keep = false;
  LockStatEventWriter w(b);
  w.write_varint((julong)writer_tid);
  w.write_varint((julong)sequence);
  w.write_varint((julong)now);
  w.commit();
  b->_events_start = b->_pos;
  return b;
}

void LockStatBuffers::put_free(LockStatBuffer* buffer) {
  assert(_lock->owned_by_self(), "buffer lock held");
  if (buffer->_capacity != capacity) {
    // A buffer for one large event: not reused, so that the free list keeps one size. Freeing it
    // under the lock is rare (events larger than a buffer) and keeps the counts exact.
    _allocated--;
    _bytes_allocated -= buffer->_capacity;
    os::free(buffer);
    return;
  }
  buffer->_next = _free;
  _free = buffer;
}

void LockStatBuffers::enqueue_full(LockStatBuffer* buffer) {
  MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
  if (!LockStat::is_active() || _queued >= (buffer->kept() ? max_queued_kept : max_queued)) {
    // Nobody will drain it any more, or the drain is far behind. Threads stop writing when tracing
    // stops, so each thread gives back at most its last buffer here: memory stays bounded.
    put_free(buffer);
    _lost++;
    return;
  }
  buffer->_next = nullptr;
  if (_full_tail == nullptr) {
    _full_head = buffer;
  } else {
    _full_tail->_next = buffer;
  }
  _full_tail = buffer;
  _queued++;
}

LockStatBuffer* LockStatBuffers::take_full() {
  MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
  LockStatBuffer* b = _full_head;
  if (b != nullptr) {
    _full_head = b->_next;
    if (_full_head == nullptr) {
      _full_tail = nullptr;
    }
    b->_next = nullptr;
    _queued--;
  }
  return b;
}

void LockStatBuffers::requeue_first(LockStatBuffer* buffer) {
  MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
  buffer->_next = _full_head;
  _full_head = buffer;
  if (_full_tail == nullptr) {
    _full_tail = buffer;
  }
  _queued++;
}

void LockStatBuffers::release(LockStatBuffer* buffer) {
  MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
  put_free(buffer);
}

void LockStatBuffers::discard_all() {
  MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
  while (_full_head != nullptr) {
    LockStatBuffer* b = _full_head;
    _full_head = b->_next;
    put_free(b);
    _lost++;
  }
  _full_tail = nullptr;
  _queued = 0;
}

void LockStatBuffers::count_lost() {
  MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
  _lost++;
}

void LockStatBuffers::reset_for_new_trace() {
  LockStatBuffer* unused;
  {
    MutexLocker ml(_lock, Mutex::_no_safepoint_check_flag);
    _next_sequence = 0;
    _lost = 0;
    // The free list of the last trace goes back to the C heap: an idle VM keeps no trace memory.
    unused = _free;
    _free = nullptr;
    for (LockStatBuffer* b = unused; b != nullptr; b = b->_next) {
      _allocated--;
      _bytes_allocated -= b->_capacity;
    }
  }
  while (unused != nullptr) {
    LockStatBuffer* next = unused->_next;
    os::free(unused);
    unused = next;
  }
}
