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

#include "code/codeBlob.hpp"
#include "lockstat/lockStat_globals.hpp"
#include "lockstat/stacktrace/lockStatFrameMarks.hpp"
#include "lockstat/stacktrace/lockStatStackWalk.hpp"
#include "lockstat/stacktrace/lockStatTrampolines.hpp"
#include "logging/log.hpp"
#include "memory/allocation.hpp"
#include "prims/jvmtiExport.hpp"
#include "runtime/atomic.hpp"
#include "runtime/icache.hpp"
#include "runtime/javaThread.hpp"
#include "runtime/os.hpp"
#include "runtime/safepoint.hpp"
#include "runtime/stackWatermark.hpp"
#include "runtime/stackWatermarkSet.inline.hpp"
#include "utilities/align.hpp"

uintptr_t LockStatFrameMarks::_trampolines = 0;
uintptr_t LockStatFrameMarks::_trampolines_size = 0;

// What one thread's mark holds. Written by the owning thread, and at safepoints; read by the owner's
// trampoline and by anyone translating a trampoline (frame::sender, on any thread).
struct LockStatMarkData {
  address* volatile slot;   // the marked return slot on the owner's stack; nullptr: no mark
  address original;         // the return address the trampoline stands for
  address handler;          // exception_fixup: where the fixup continues
  uintptr_t unused;
};
STATIC_ASSERT(sizeof(LockStatMarkData) == 32);

const int max_marking_threads = 2048;   // threads beyond this many walk without marks
const int suffix_words = LockStatStackWalk::max_physical * LockStatStackWalk::words_per_frame;

static address code = nullptr;
static LockStatMarkData* mark_data = nullptr;          // on a page of its own: stores never touch code lines
static volatile uint8_t in_use[max_marking_threads];
static uintptr_t* suffixes[max_marking_threads];   // per trampoline: key words of the frames below the mark
static int suffix_lengths[max_marking_threads];    // their frames
static volatile int next_hint = 0;

// The calling thread's trampoline index + 1; 0: none yet; -1: none to be had.
static LOCKSTAT_TLS int current_index = 0;

static address trampoline_at(int i) { return code + (size_t)i * LockStatFrameMarks::trampoline_size; }
static int index_of(address trampoline) { return (int)((trampoline - code) / LockStatFrameMarks::trampoline_size); }

static int own_index() {
  int v = current_index;
  if (v != 0) {
    return v - 1;   // an index, or -2 when none was to be had
  }
  int start = Atomic::fetch_then_add(&next_hint, 1);
  for (int k = 0; k < max_marking_threads; k++) {
    int i = (int)(((uint)start + (uint)k) % max_marking_threads);
    if (Atomic::load(&in_use[i]) == 0 && Atomic::cmpxchg(&in_use[i], (uint8_t)0, (uint8_t)1) == 0) {
      if (suffixes[i] == nullptr) {
        suffixes[i] = NEW_C_HEAP_ARRAY_RETURN_NULL(uintptr_t, suffix_words, mtTracing);
        if (suffixes[i] == nullptr) {
          Atomic::release_store(&in_use[i], (uint8_t)0);
          break;
        }
      }
      mark_data[i].slot = nullptr;
      current_index = i + 1;
      return i;
    }
  }
  current_index = -1;
  return -2;
}

// Puts the original return address back where the trampoline still stands. The slot is the return
// slot of a live frame as long as the mark stands: every path that removes the frame without
// returning through the trampoline clears the mark first (see the hooks in the header).
static void unmark(int i) {
  LockStatMarkData* m = &mark_data[i];
  address* slot = m->slot;
  if (slot == nullptr) {
    return;
  }
  if (*slot == trampoline_at(i)) {
    Atomic::release_store(slot, m->original);
  }
  Atomic::release_store(&m->slot, (address*)nullptr);
}

static void generate(int i) {
  LockStatMarkData* m = &mark_data[i];
  LockStatTrampolines::generate(trampoline_at(i), (const void*)&m->slot, &m->original, &m->handler);
}

// Where marking is safe (docs/design/call-chains.md): not in a thread with a mounted continuation
// (freeze and thaw copy and patch return addresses), not while a JVMTI agent may pop frames or force
// early returns (the interpreter then reads return addresses itself), not while an agent collects
// the code cache's blobs (async-profiler, perf-map-agent: their own stack walkers read return
// addresses raw and would show the trampoline as a frame), and not while a concurrent GC may still
// process this stack from another thread.
bool LockStatFrameMarks::may_mark(JavaThread* jt) {
  if (jt->last_continuation() != nullptr || JvmtiExport::can_pop_frame() || JvmtiExport::can_force_early_return() ||
      JvmtiExport::should_post_dynamic_code_generated()) {
    return false;
  }
  StackWatermark* w = StackWatermarkSet::get(jt, StackWatermarkKind::gc);
  return w == nullptr || w->processing_completed_acquire();
}

address LockStatFrameMarks::original_of(address trampoline) {
  return mark_data[index_of(trampoline)].original;
}

void LockStatFrameMarks::initialize() {
  if (!LockStatFrameMarking || _trampolines != 0 || !LockStatTrampolines::supported()) {
    return;
  }
  const size_t code_bytes = (size_t)max_marking_threads * trampoline_size;
  const size_t data_bytes = (size_t)max_marking_threads * sizeof(LockStatMarkData);
  const size_t page = os::vm_page_size();
  BufferBlob* blob = BufferBlob::create("LockStat frame marks", (uint)(code_bytes + 2 * page + data_bytes));
  if (blob == nullptr) {
    log_info(lockstat)("no code cache space for frame marks; call chains are walked without them");
    return;
  }
  code = align_up(blob->code_begin(), (size_t)trampoline_size);
  // The data right after the code: the trampolines reach it pc-relative (aarch64: within 1 MB).
  mark_data = (LockStatMarkData*)align_up(code + code_bytes, page);
  assert((address)(mark_data + max_marking_threads) <= blob->code_end(), "fits");
  memset((void*)mark_data, 0, data_bytes);
  for (int i = 0; i < max_marking_threads; i++) {
    generate(i);
  }
  ICache::invalidate_range(code, (int)code_bytes);
  _trampolines_size = code_bytes;
  Atomic::release_store(&_trampolines, (uintptr_t)code);
}

bool LockStatFrameMarks::is_marked(address* slot, const uintptr_t** suffix, int* frames) {
  int i = current_index - 1;
  if (i < 0) {
    return false;
  }
  LockStatMarkData* m = &mark_data[i];
  if (m->slot != slot || *slot != trampoline_at(i)) {
    return false;
  }
  *suffix = suffixes[i];
  *frames = suffix_lengths[i];
  return true;
}

void LockStatFrameMarks::mark(JavaThread* jt, address* slot, const uintptr_t* suffix, int frames) {
  int i = own_index();
  if (i < 0 || mark_data[i].slot != nullptr) {
    return;   // one mark per thread: a standing mark lies deeper and serves more events
  }
  address original = *slot;
  if (is_trampoline(original)) {
    return;
  }
  int n = MIN2(frames, LockStatStackWalk::max_physical);
  memcpy(suffixes[i], suffix, (size_t)n * LockStatStackWalk::words_per_frame * sizeof(uintptr_t));
  suffix_lengths[i] = n;
  LockStatMarkData* m = &mark_data[i];
  m->original = original;
  // Readers of this stack (a signal handler on this thread, a suspended-thread sampler) must find
  // the original address before they can find the trampoline.
  Atomic::release_store(&m->slot, slot);
  Atomic::release_store(slot, trampoline_at(i));
}

void LockStatFrameMarks::unmark_current() {
  int i = current_index - 1;
  if (i >= 0) {
    unmark(i);
  }
}

address LockStatFrameMarks::exception_fixup(address trampoline, address handler) {
  int i = index_of(trampoline);
  LockStatMarkData* m = &mark_data[i];
  m->handler = handler;
  // The unwinding stub pops the slot: the frame and its mark are gone.
  Atomic::release_store(&m->slot, (address*)nullptr);
  return trampoline + LockStatTrampolines::fixup_offset;
}

void LockStatFrameMarks::unmark_all_at_safepoint() {
  assert(SafepointSynchronize::is_at_safepoint(), "threads stand still");
  if (_trampolines == 0) {
    return;
  }
  for (int i = 0; i < max_marking_threads; i++) {
    if (in_use[i] != 0) {
      unmark(i);
    }
  }
}

void LockStatFrameMarks::release_current() {
  int i = current_index - 1;
  current_index = 0;
  if (i < 0) {
    return;
  }
  // The thread's Java frames are gone: its stack now holds the VM's own frames, so a slot is never
  // written back here, only forgotten.
  Atomic::release_store(&mark_data[i].slot, (address*)nullptr);
  Atomic::release_store(&in_use[i], (uint8_t)0);
}
