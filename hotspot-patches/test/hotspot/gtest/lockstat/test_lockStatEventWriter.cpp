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

#include "lockstat/events/lockStatEventTypes.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatEventWriter.hpp"
#include "unittest.hpp"

// The trace's encoding (docs/trace-format.md): LEB128 varints, zigzag for signed values, timestamps as
// deltas to the buffer's previous event, strings as a length and bytes; and the buffer header every
// buffer starts with (writer, buffer sequence number, base timestamp). Decoded here as the Java
// reader (jdk.lockstat.internal.format.ByteSource) decodes them.

struct LockStatTraceReader {
  const u1* p;
  julong varint() {
    julong v = 0;
    for (int shift = 0; ; shift += 7) {
      u1 b = *p++;
      v |= (julong)(b & 0x7f) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
  }
  jlong svarint() {
    julong v = varint();
    return (jlong)(v >> 1) ^ -(jlong)(v & 1);
  }
};

// The parts of LockStat a buffer needs (as when tracing first starts); once per VM, later calls do nothing.
static void initialize_buffers() {
  LockStatClock::calibrate();
  LockStatBuffers::initialize();
}

class LockStatEventWriterTest : public ::testing::Test {
 protected:
  LockStatBuffer* _buffer;
  void SetUp() override {
    initialize_buffers();
    _buffer = LockStatBuffers::acquire(42, 0);
    ASSERT_NE(_buffer, (LockStatBuffer*)nullptr);
  }
  void TearDown() override {
    LockStatBuffers::release(_buffer);
  }
};

TEST_VM_F(LockStatEventWriterTest, buffer_header) {
  jlong numbered = LockStatBuffers::numbered();
  LockStatBuffer* b = LockStatBuffers::acquire(7, 0);
  ASSERT_NE(b, (LockStatBuffer*)nullptr);
  LockStatTraceReader r = { b->data() };
  EXPECT_EQ(r.varint(), (julong)7);                  // writer thread id
  EXPECT_EQ((jlong)r.varint(), numbered);            // the next buffer sequence number
  EXPECT_EQ((jlong)r.varint(), b->last_timestamp()); // the base of the first event's delta
  EXPECT_EQ(r.p, b->pos());
  EXPECT_FALSE(b->has_events());
  EXPECT_EQ(b->capacity(), (size_t)LockStatBuffers::capacity);   // a value: the constant has no definition to refer to
  EXPECT_EQ(LockStatBuffers::numbered(), numbered + 1);
  LockStatBuffers::release(b);
}

TEST_VM_F(LockStatEventWriterTest, varints) {
  const julong values[] = { 0, 1, 127, 128, 300, 16383, 16384, (julong)max_jint, (julong)max_jlong, ~(julong)0 };
  const size_t sizes[] = { 1, 1, 1, 2, 2, 2, 3, 5, 9, 10 };
  for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
    u1* start = _buffer->pos();
    LockStatEventWriter w(_buffer);
    w.write_varint(values[i]);
    w.commit();
    EXPECT_EQ(pointer_delta(_buffer->pos(), start, 1), sizes[i]) << "size of " << values[i];
    EXPECT_LE(sizes[i], (size_t)LockStatEventWriter::max_varint_size);
    LockStatTraceReader r = { start };
    EXPECT_EQ(r.varint(), values[i]);
    EXPECT_EQ(r.p, _buffer->pos());
  }
  EXPECT_TRUE(_buffer->has_events());
}

TEST_VM_F(LockStatEventWriterTest, signed_varints_zigzag) {
  const jlong values[] = { 0, -1, 1, -64, 64, min_jint, max_jint, min_jlong, max_jlong };
  const julong encoded[] = { 0, 1, 2, 127, 128, 0xffffffffULL, 0xfffffffeULL, ~(julong)0, ~(julong)0 - 1 };
  for (size_t i = 0; i < ARRAY_SIZE(values); i++) {
    u1* start = _buffer->pos();
    LockStatEventWriter w(_buffer);
    w.write_svarint(values[i]);
    w.commit();
    LockStatTraceReader r = { start };
    EXPECT_EQ(r.varint(), encoded[i]) << "zigzag of " << values[i];
    r.p = start;
    EXPECT_EQ(r.svarint(), values[i]);
  }
}

TEST_VM_F(LockStatEventWriterTest, timestamps_are_deltas) {
  jlong base = _buffer->last_timestamp();
  u1* start = _buffer->pos();
  LockStatEventWriter w(_buffer);
  w.write_timestamp(base + 1000);
  w.write_timestamp(base + 1500);
  w.write_timestamp(base + 1200);   // an earlier time (another CPU's clock): a negative delta
  w.commit();
  LockStatTraceReader r = { start };
  EXPECT_EQ(r.svarint(), (jlong)1000);
  EXPECT_EQ(r.svarint(), (jlong)500);
  EXPECT_EQ(r.svarint(), (jlong)-300);
  EXPECT_EQ(_buffer->last_timestamp(), base + 1200);
}

TEST_VM_F(LockStatEventWriterTest, strings) {
  u1* start = _buffer->pos();
  LockStatEventWriter w(_buffer);
  w.write_string("", 0);
  w.write_string("java.lang.Object", 16);
  w.commit();
  LockStatTraceReader r = { start };
  EXPECT_EQ(r.varint(), (julong)0);
  EXPECT_EQ(r.varint(), (julong)16);
  EXPECT_EQ(memcmp(r.p, "java.lang.Object", 16), 0);
  EXPECT_EQ(r.p + 16, _buffer->pos());
}

TEST_VM_F(LockStatEventWriterTest, nothing_visible_before_commit) {
  u1* start = _buffer->pos();
  {
    LockStatEventWriter w(_buffer);
    w.write_varint(12345);
  }
  EXPECT_EQ(_buffer->pos(), start);
  EXPECT_FALSE(_buffer->has_events());
}

TEST_VM_F(LockStatEventWriterTest, limit_to_bounds_the_room) {
  size_t used = _buffer->used();
  EXPECT_TRUE(_buffer->has_room(LockStatBuffers::capacity - used));
  EXPECT_FALSE(_buffer->has_room(LockStatBuffers::capacity - used + 1));
  _buffer->limit_to(used + 10);
  EXPECT_TRUE(_buffer->has_room(10));
  EXPECT_FALSE(_buffer->has_room(11));
  // Never below what is written already.
  _buffer->limit_to(used - 1);
  EXPECT_TRUE(_buffer->has_room(10));
}

// A definition (events.xml's definition="true") marks its buffer, which the queue then takes past the
// drop limit; an ordinary event does not, nor does a fresh buffer, even a recycled one that was kept.
TEST_VM_F(LockStatEventWriterTest, definitions_keep_their_buffer) {
  EXPECT_FALSE(_buffer->kept());
  {
    LockStatEventWriter w(_buffer);
    lockstat_write_thread_end(w, LockStatClock::now(), 7);
    w.commit();
  }
  EXPECT_FALSE(_buffer->kept());
  {
    LockStatEventWriter w(_buffer);
    lockstat_write_call_chain(w, 42, 0);
    w.commit();
  }
  EXPECT_TRUE(_buffer->kept());
  LockStatBuffers::release(_buffer);
  _buffer = LockStatBuffers::acquire(1, 0);
  ASSERT_NE(_buffer, (LockStatBuffer*)nullptr);
  EXPECT_FALSE(_buffer->kept());
}

TEST_VM(LockStatBuffers, untraced_enqueue_is_counted_lost) {
  initialize_buffers();
  LockStatBuffer* b = LockStatBuffers::acquire(1, 0);
  ASSERT_NE(b, (LockStatBuffer*)nullptr);
  jlong lost = LockStatBuffers::lost();
  size_t queued = LockStatBuffers::queued();
  LockStatBuffers::enqueue_full(b);   // no trace is running in the gtest VM: nobody would drain it
  EXPECT_EQ(LockStatBuffers::lost(), lost + 1);
  EXPECT_EQ(LockStatBuffers::queued(), queued);
  EXPECT_EQ(LockStatBuffers::take_full(), (LockStatBuffer*)nullptr);
}

TEST_VM(LockStatBuffers, large_event_gets_its_own_buffer) {
  initialize_buffers();
  size_t allocated = LockStatBuffers::allocated();
  LockStatBuffer* b = LockStatBuffers::acquire(1, 3 * LockStatBuffers::capacity);
  ASSERT_NE(b, (LockStatBuffer*)nullptr);
  EXPECT_EQ(b->capacity(), 3 * LockStatBuffers::capacity);
  EXPECT_EQ(LockStatBuffers::allocated(), allocated + 1);
  LockStatBuffers::release(b);   // freed, not kept on the free list of one size
  EXPECT_EQ(LockStatBuffers::allocated(), allocated);
}

#ifdef ASSERT
TEST_VM_ASSERT_MSG(LockStatBuffers, event_past_the_room, ".*an event ends within the room its writer checked for") {
  initialize_buffers();
  LockStatBuffer* b = LockStatBuffers::acquire(1, 0);
  b->set_pos(b->data() + b->capacity() + 1);
}
#endif

#endif // INCLUDE_LOCKSTAT
