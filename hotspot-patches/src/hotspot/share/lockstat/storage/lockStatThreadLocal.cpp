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

#include "classfile/javaClasses.inline.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "runtime/javaThread.hpp"
#include "runtime/mutex.hpp"
#include "runtime/mutexLocker.hpp"
#include "runtime/os.hpp"
#include "runtime/safepoint.hpp"

static LOCKSTAT_TLS LockStatThreadLocal* _lockstat_current = nullptr;
// After its exit hook a thread may still release monitors (JNI-locked ones): it gets no new state.
// Remembered per JavaThread, not per OS thread, so a native thread that attaches again is traced.
static LOCKSTAT_TLS JavaThread* _lockstat_exited = nullptr;
// LockStat's own threads (the drain, its shutdown hook, a jcmd report in progress) record nothing:
// their locking is the tool's, not the application's.
static LOCKSTAT_TLS bool _lockstat_excluded = false;
LockStatThreadLocal* LockStatThreadLocal::_head = nullptr;
LockStatChainCounters LockStatThreadLocal::_exited_chain_counters;
LockStatSectionCounters LockStatThreadLocal::_exited_section_counters;

// Registry changes happen at thread start/exit only; nosafepoint, so a safepoint never sees it held.
// Ranked above the buffer lock, which is taken while it is held.
static Mutex* registry_lock() {
  static Mutex* lock = new Mutex(Mutex::nosafepoint, "LockStatRegistry_lock");
  return lock;
}

LockStatThreadLocal::LockStatThreadLocal(JavaThread* jt, jlong tid) :
  _next(nullptr), _prev(nullptr), _buffer(nullptr), _tid(tid), _thread(jt), _context_tid(tid),
  _random((uint32_t)os::random() | 1), _pending_count(0), _waiting_on(nullptr), _reacquiring(nullptr), _repark_tid(0),
  _unpark_blocker_hash(0), _unpark_blocker_klass(nullptr), _unpark_held(0),
  _release_count(0), _release_previous(0), _release_stretch(0), _hold_start(0), _blocked_on_count(0), _blocked_on_overflow(0) {
  for (int i = 0; i < announced_slots; i++) {
    _announced[i] = -1;
  }
}

void LockStatThreadLocal::set_current_excluded(bool excluded) {
  _lockstat_excluded = excluded;
}

bool LockStatThreadLocal::is_current_excluded() {
  return _lockstat_excluded;
}

LockStatThreadLocal* LockStatThreadLocal::current(JavaThread* jt) {
  if (_lockstat_excluded) {
    return nullptr;
  }
  LockStatThreadLocal* tl = _lockstat_current;
  if (tl != nullptr) {
    return tl;
  }
  if (_lockstat_exited == jt) {
    return nullptr;
  }
  oop thread_obj = jt->threadObj();
  if (thread_obj == nullptr) {
    return nullptr;
  }
  tl = new LockStatThreadLocal(jt, java_lang_Thread::thread_id(thread_obj));
  {
    MutexLocker ml(registry_lock(), Mutex::_no_safepoint_check_flag);
    tl->_next = _head;
    if (_head != nullptr) {
      _head->_prev = tl;
    }
    _head = tl;
  }
  _lockstat_current = tl;
  return tl;
}

size_t LockStatThreadLocal::next_buffer_size() {
  // xorshift32: cheap, per thread, no shared state.
  return 8 * K + (next_random() % (16 * K + 1));
}

LockStatBuffer* LockStatThreadLocal::buffer_for(size_t bytes) {
  if (_buffer != nullptr && _buffer->has_room(bytes)) {
    return _buffer;
  }
  if (_buffer != nullptr) {
    LockStatBuffers::enqueue_full(_buffer);
    _buffer = nullptr;
  }
  _buffer = LockStatBuffers::acquire(_tid, bytes + 64);
  if (_buffer != nullptr) {
    _buffer->limit_to(MAX2(next_buffer_size(), bytes + 64));
  }
  _context_tid = _tid;   // a fresh buffer starts in its owner's context
  return _buffer;
}

LockStatBuffer* LockStatThreadLocal::buffer_if_room(size_t bytes) const {
  return _buffer != nullptr && _buffer->has_room(bytes) ? _buffer : nullptr;
}

void LockStatThreadLocal::hand_over_buffer() {
  // A quarter of the queue at most: thousands of threads blocking at once must not fill the drain's
  // queue with nearly empty buffers and make full ones be dropped. Past that, the periodic collect
  // hands the buffer over, as before.
  if (_buffer != nullptr && _buffer->has_events() && LockStatBuffers::queued() < LockStatBuffers::max_queued / 4) {
    LockStatBuffers::enqueue_full(_buffer);
    _buffer = nullptr;
  }
}

void LockStatThreadLocal::on_thread_exit(JavaThread* jt) {
  LockStatThreadLocal* tl = _lockstat_current;
  _lockstat_current = nullptr;
  _lockstat_exited = jt;
  if (tl == nullptr) {
    return;
  }
  {
    MutexLocker ml(registry_lock(), Mutex::_no_safepoint_check_flag);
    if (tl->_prev != nullptr) {
      tl->_prev->_next = tl->_next;
    } else {
      _head = tl->_next;
    }
    if (tl->_next != nullptr) {
      tl->_next->_prev = tl->_prev;
    }
    if (tl->_buffer != nullptr) {
      LockStatBuffers::enqueue_full(tl->_buffer);
      tl->_buffer = nullptr;
    }
    _exited_chain_counters.add(tl->_chain_counters);
    _exited_section_counters.add(tl->_section_counters);
  }
  delete tl;
}

void LockStatThreadLocal::reclaim_all_at_safepoint(bool all) {
  assert(SafepointSynchronize::is_at_safepoint(), "threads must be stopped");
  // No thread writes events at a safepoint (events are written in VM state, which a safepoint
  // waits out) and none registers or unregisters (that holds a nosafepoint lock in VM state).
  for (LockStatThreadLocal* tl = _head; tl != nullptr; tl = tl->_next) {
    LockStatBuffer* b = tl->_buffer;
    if (b != nullptr && (all || b->has_events())) {
      LockStatBuffers::enqueue_full(b);
      tl->_buffer = nullptr;
    }
  }
}

LockStatSectionCounters LockStatThreadLocal::section_counters_at_safepoint() {
  assert(SafepointSynchronize::is_at_safepoint(), "threads must be stopped");
  LockStatSectionCounters sum = _exited_section_counters;
  for (LockStatThreadLocal* tl = _head; tl != nullptr; tl = tl->_next) {
    sum.add(tl->_section_counters);
  }
  return sum;
}

LockStatChainCounters LockStatThreadLocal::chain_counters_at_safepoint() {
  assert(SafepointSynchronize::is_at_safepoint(), "threads must be stopped");
  LockStatChainCounters sum = _exited_chain_counters;
  for (LockStatThreadLocal* tl = _head; tl != nullptr; tl = tl->_next) {
    sum.add(tl->_chain_counters);
  }
  return sum;
}

void LockStatThreadLocal::reset_all_at_safepoint() {
  assert(SafepointSynchronize::is_at_safepoint(), "threads must be stopped");
  for (LockStatThreadLocal* tl = _head; tl != nullptr; tl = tl->_next) {
    if (tl->_buffer != nullptr) {
      LockStatBuffers::release(tl->_buffer);   // tracing was off: it holds no events worth keeping
      tl->_buffer = nullptr;
    }
    tl->_context_tid = tl->_tid;
    for (int i = 0; i < announced_slots; i++) {
      tl->_announced[i] = -1;
    }
    tl->_pending_count = 0;
    tl->_repark_tid = 0;
    tl->_chain_counters = LockStatChainCounters();
    tl->_section_counters = LockStatSectionCounters();
    tl->_run.close();   // written or dropped by the last trace's end
    // Counted blocked in the last trace: the new one does not undo that count (the monitors'
    // counts are reset beside this, LockStatMonitorEvents::reset_monitors_at_safepoint).
    tl->_blocked_on_count = 0;
    tl->_blocked_on_overflow = 0;
  }
  _exited_chain_counters = LockStatChainCounters();
  _exited_section_counters = LockStatSectionCounters();
}
