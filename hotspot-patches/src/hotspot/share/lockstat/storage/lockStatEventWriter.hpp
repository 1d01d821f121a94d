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

#ifndef SHARE_LOCKSTAT_STORAGE_LOCKSTATEVENTWRITER_HPP
#define SHARE_LOCKSTAT_STORAGE_LOCKSTATEVENTWRITER_HPP

#include "lockstat/storage/lockStatBuffer.hpp"
#include "memory/allocation.hpp"

// Encodes one event at the end of a buffer (LEB128 varints, zigzag for signed values, timestamps
// as deltas to the buffer's previous event). The caller checks room for the event's maximum size
// first; nothing is visible until commit().
class LockStatEventWriter : public StackObj {
 private:
  LockStatBuffer* _buffer;
  u1* _p;

 public:
  static const size_t max_varint_size = 10;

  explicit LockStatEventWriter(LockStatBuffer* buffer) : _buffer(buffer), _p(buffer->pos()) {}

  void write_u1(u1 v) { *_p++ = v; }
  void write_varint(julong v) {
    while (v >= 0x80) {
      *_p++ = (u1)(v | 0x80);
      v >>= 7;
    }
    *_p++ = (u1)v;
  }
  void write_svarint(jlong v) { write_varint(((julong)v << 1) ^ (julong)(v >> 63)); }
  void write_timestamp(jlong ts) {
    write_svarint(ts - _buffer->last_timestamp());
    _buffer->set_last_timestamp(ts);
  }
  void write_string(const char* s, size_t len) {
    write_varint(len);
    memcpy(_p, s, len);
    _p += len;
  }
  // The event is a definition (events.xml): its buffer must reach the drain (LockStatBuffers::enqueue_full).
  void keep_buffer() { _buffer->keep(); }
  void commit() { _buffer->set_pos(_p); }
};

#endif // SHARE_LOCKSTAT_STORAGE_LOCKSTATEVENTWRITER_HPP
