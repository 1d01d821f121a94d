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

#include "classfile/classLoaderData.hpp"
#include "code/codeCache.hpp"
#include "code/debugInfoRec.hpp"
#include "code/nmethod.hpp"
#include "interpreter/interpreter.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/stacktrace/lockStatFrameMarks.hpp"
#include "lockstat/stacktrace/lockStatStackWalk.hpp"
#include "oops/instanceKlass.hpp"
#include "oops/method.hpp"
#include "runtime/continuation.hpp"
#include "runtime/continuationEntry.inline.hpp"
#include "runtime/frame.inline.hpp"
#include "runtime/handles.inline.hpp"
#include "runtime/javaThread.inline.hpp"
#include "runtime/os.hpp"
#include "runtime/registerMap.hpp"
#include "runtime/stackWatermarkSet.inline.hpp"
#include "runtime/vframe.inline.hpp"
#ifdef AARCH64
#include "pauth_aarch64.hpp"
#endif

// A RegisterMap that may walk into a continuation allocates a (null) handle for its stack chunk. The
// walks run where the VM allows no handles (C2's unlock slow path is a leaf: a NoHandleMark in debug
// builds, which a fastdebug VM asserted on) and where no HandleMark would free them (in a release
// build a leaf's walk left one handle in the thread's handle area each time): each walk has its own.
// (RegisterMap takes it from the current thread's handle area, as the marks do.)
class LockStatWalkHandles : public StackObj {
  ResetNoHandleMark _allow;
  HandleMark _mark;
 public:
  LockStatWalkHandles() : _mark(Thread::current()) {}
};

// A vframe stream from a given top frame (like JFR's JfrVframeStream). Frames are not processed
// for GC: only Method* and bci are read, never oops. A virtual thread's chain ends at its
// continuation entry, so that it shows the virtual thread's frames, not the carrier's.
class LockStatVframeStream : public vframeStreamCommon {
 private:
  bool _in_vthread;
  int _physical;   // physical frames left behind so far

 public:
  static RegisterMap::WalkContinuation walk_continuation(JavaThread* jt) {
    // As JFR: no walk into heap stack chunks while ZGC or Shenandoah may be relocating.
    return ((UseZGC || UseShenandoahGC) && !StackWatermarkSet::processing_started(jt))
      ? RegisterMap::WalkContinuation::skip
      : RegisterMap::WalkContinuation::include;
  }

 public:
  LockStatVframeStream(JavaThread* jt, const frame& fr) :
    vframeStreamCommon(jt, RegisterMap::UpdateMap::skip, RegisterMap::ProcessFrames::skip, walk_continuation(jt)),
    _in_vthread(jt->is_vthread_mounted()), _physical(0) {
    _cont_entry = jt->last_continuation();
    _frame = fr;
    _stop_at_java_call_stub = false;
    // The first Java frame: the top frame, or the caller of the runtime stubs on top (C1's monitor
    // exit calls into the VM from a stub frame of its own).
    while (!fill_from_leaf_compiled_frame() && !fill_from_frame()) {
      if (!step_to_sender()) {
        break;
      }
    }
    _physical = 0;   // frames skipped to reach the first Java frame do not count
  }

  // The first Java frame, when compiled and stopped in a call into the VM that has no safepoint
  // record of its own (C2's leaf call of a monitor exit's slow path; C1's call of its monitorexit
  // stub), has no debug information at its exact pc, and fill_from_frame would give its method at
  // bci 0, without the inlined frames. The non-safepoint record covering the call (DebugNonSafepoints,
  // on under tracing; C1 and C2 give the call the monitorexit's scope) names the monitorexit and its
  // inlined callers. The record may also have been merged into an equal one that follows (C1's exit
  // of an inlined synchronized method and the exit on its exception path share their scope): the
  // covering record is then that one.
  bool fill_from_leaf_compiled_frame() {
    if (_frame.is_interpreted_frame() || cb() == nullptr || !cb()->is_nmethod() || nm()->is_native_method() ||
        nm()->pc_desc_at(_frame.pc()) != nullptr) {
      return false;
    }
    PcDesc* covering = nm()->pc_desc_near(_frame.pc());
    if (covering == nullptr || covering->scope_decode_offset() == DebugInformationRecorder::serialized_null) {
      return false;
    }
    fill_from_compiled_frame(covering->scope_decode_offset());
    _vframe_id = 0;
    return true;
  }

  int physical() const { return _physical; }

  // One physical frame towards the callers; false where a virtual thread's frames end.
  bool step_to_sender() {
    if (_in_vthread && _cont_entry != nullptr && Continuation::is_continuation_enterSpecial(_frame)) {
      if (_cont_entry->is_virtual_thread()) {
        _mode = at_end_mode;
        return false;
      }
      _cont_entry = _cont_entry->parent();
    }
    _frame = _frame.sender(&_reg_map);
    return true;
  }

  void next_frame() {
    _physical++;
    do {
      if (!step_to_sender()) {
        return;
      }
    } while (!fill_from_frame());
  }

  void next_vframe() {
    if (_mode == compiled_mode && fill_in_compiled_inlined_sender()) {
      return;
    }
    next_frame();
  }
};

// The top Java frame of a thread that called into the VM as a leaf (no last Java frame set). No
// frame object is built here: its code blob lookup is left to a walk that needs it (a chain not
// served by the thread's chain cache).
#if defined(AMD64) || defined(AARCH64)
// The return address in a C function's frame record. On aarch64 a libjvm built with
// --enable-branch-protection signs it: only its stripped value is an address.
static address record_return_address(intptr_t* record) {
#ifdef AARCH64
  return pauth_strip_pointer((address)record[1]);
#else
  return (address)record[1];
#endif
}

// Follows the frame records of the VM's own C frames (libjvm keeps them: [0] the caller's frame
// pointer, [1] the return address) to the first one whose return address lies in the code cache
// (interpreter, compiled code or a runtime stub); nullptr if there is none. Decided by the return
// address first: compiled Java code uses the frame pointer register for anything, so the frame
// pointer a leaf saved can look invalid. Raw records: building a frame object per C frame (a code
// blob lookup each) cost more than the Java walk.
static intptr_t* record_returning_to_code(JavaThread* jt) {
  intptr_t* record = (intptr_t*)__builtin_frame_address(0);
  for (int i = 0; i < 32; i++) {
    // Both words read must lie on this thread's stack.
    if (record == nullptr || !is_aligned(record, wordSize) || !jt->is_in_full_stack((address)record) ||
        !jt->is_in_full_stack((address)(record + 1))) {
      return nullptr;
    }
    address sender_pc = record_return_address(record);
    // The bounds first: libjvm's own return addresses lie outside the code cache.
    if (sender_pc >= CodeCache::low_bound() && sender_pc < CodeCache::high_bound() && CodeCache::contains(sender_pc)) {
      return record;
    }
    intptr_t* caller_record = (intptr_t*)record[0];
    if (caller_record <= record) {
      return nullptr;   // callers' frames lie at higher addresses
    }
    record = caller_record;
  }
  return nullptr;
}
#endif

#if defined(AMD64)
// The caller's sp lies two words above a record (call pushes the return address, the callee rbp).
static bool top_frame_from_leaf(JavaThread* jt, LockStatTopFrame* top) {
  intptr_t* record = record_returning_to_code(jt);
  if (record == nullptr) {
    return false;
  }
  top->sp = record + 2;
  top->fp = (intptr_t*)record[0];
  top->pc = record_return_address(record);
  return true;
}
#elif defined(AARCH64)
// GCC's aarch64 frames keep their frame record at the bottom, so the records give a Java caller's
// return address and frame pointer but not its stack pointer, which a compiled frame is walked from
// (C2 code without PreserveFramePointer uses the frame pointer register for anything). The leaf
// calls that record events with chains from compiled code name their caller (LockStatLeafCaller);
// an interpreted caller is found from the records, as its frame is walked from its frame pointer.
// C1's monitor exit stub sets a last Java frame. Any other caller: no chain rather than a guess.
static bool top_frame_from_leaf(JavaThread* jt, LockStatTopFrame* top) {
  intptr_t* here = (intptr_t*)__builtin_frame_address(0);
  intptr_t* caller_sp;
  intptr_t* marked;
  if (LockStatLeafCaller::caller(&caller_sp, &marked)) {
    // The marked function's record lies between this frame and its caller's sp.
    if (marked < here || marked + 2 > caller_sp || !is_aligned(caller_sp, 16) ||
        !jt->is_in_full_stack((address)caller_sp)) {
      return false;
    }
    address pc = record_return_address(marked);
    if (!CodeCache::contains(pc)) {
      return false;
    }
    top->sp = caller_sp;
    top->fp = (intptr_t*)marked[0];
    top->pc = pc;
    return true;
  }
  intptr_t* record = record_returning_to_code(jt);
  if (record == nullptr || !Interpreter::contains(record_return_address(record))) {
    return false;
  }
  top->sp = record + 2;   // not the frame's own sp; an interpreted frame is read from its fp
  top->fp = (intptr_t*)record[0];
  top->pc = record_return_address(record);
  return true;
}
#else
// Elsewhere, HotSpot's own C frame walk (os::get_sender_for_C_frame).
static bool top_frame_from_leaf(JavaThread* jt, LockStatTopFrame* top) {
  frame fr = os::current_frame();
  for (int i = 0; i < 32; i++) {
    if (fr.pc() == nullptr || fr.sp() == nullptr || !jt->is_in_full_stack((address)fr.sp())) {
      return false;
    }
    if (CodeCache::contains(fr.pc())) {
      top->sp = fr.sp();
      top->fp = fr.fp();
      top->pc = fr.pc();
      return true;
    }
    if (fr.fp() == nullptr || !jt->is_in_full_stack((address)fr.fp())) {
      return false;
    }
    address sender_pc = fr.sender_pc();
    if (sender_pc != nullptr && CodeCache::contains(sender_pc)) {
      top->sp = fr.sender_sp();
      top->fp = fr.link();
      top->pc = sender_pc;
      return true;
    }
    if (os::is_first_C_frame(&fr)) {
      return false;
    }
    fr = os::get_sender_for_C_frame(&fr);
  }
  return false;
}
#endif

// The current thread's LockStatLeafCaller (lockStat.hpp): set only while tracing, by the one function
// that holds the mark, and read by walks beneath it.
static LOCKSTAT_TLS intptr_t* _leaf_caller_sp = nullptr;
static LOCKSTAT_TLS intptr_t* _leaf_caller_record = nullptr;

void LockStatLeafCaller::set(intptr_t* caller_sp, intptr_t* record) {
  _leaf_caller_record = record;
  _leaf_caller_sp = caller_sp;
}

void LockStatLeafCaller::clear() {
  _leaf_caller_sp = nullptr;
}

bool LockStatLeafCaller::caller(intptr_t** caller_sp, intptr_t** record) {
  *caller_sp = _leaf_caller_sp;
  *record = _leaf_caller_record;
  return *caller_sp != nullptr;
}

bool LockStatStackWalk::top_frame(JavaThread* jt, LockStatTopFrame* top) {
  if (jt->has_last_Java_frame()) {
    top->sp = jt->last_Java_sp();
    top->fp = nullptr;   // not needed: the frame is built from the anchor
    top->pc = jt->frame_anchor()->last_Java_pc();
    top->from_anchor = true;
    return true;
  }
  top->from_anchor = false;
  return top_frame_from_leaf(jt, top);
}

static frame frame_of(JavaThread* jt, const LockStatTopFrame& top) {
  return top.from_anchor ? jt->last_frame() : frame(top.sp, top.fp, top.pc);
}

int LockStatStackWalk::walk(JavaThread* jt, LockStatFrame* frames, int max, int physical) {
  LockStatTopFrame top;
  if (!top_frame(jt, &top)) {
    return 0;
  }
  int n = 0;
  LockStatWalkHandles handles;
  LockStatVframeStream st(jt, frame_of(jt, top));
  while (n < max && !st.at_end() && st.physical() < physical) {
    frames[n].method = st.method();
    frames[n].bci = st.bci();
    n++;
    st.next_vframe();
  }
  return n;
}

// Where a Java frame's return address into its caller lies: what frame::sender reads. The same on
// x86_64 and aarch64: an interpreted frame's record holds it, a compiled frame's last word.
static address* return_slot(const frame& fr) {
  if (fr.is_interpreted_frame()) {
    return fr.sender_pc_addr();
  }
  return (address*)(fr.unextended_sp() + fr.cb()->frame_size()) - 1;
}

static bool is_java_frame_for_key(const frame& fr) {
  return fr.is_interpreted_frame() || (fr.cb() != nullptr && fr.cb()->is_nmethod());
}

// Which frame's return gets marked (paper: the frame below the top). An event is recorded under
// library frames (Unsafe.park under LockSupport.park under AbstractQueuedSynchronizer), and those
// return after every event; the first frame of a class not loaded by the boot loader is the
// application's, which may record several events (a lock and an unlock) before it returns. With no
// such frame, the top frame's return is marked, as in the paper.
class MarkChoice {
  address* _slot;
  int _at;             // key index of the frame whose return slot is _slot
  bool _chosen;        // an application frame was found: look no further
  bool _check_caller;  // the next frame is the caller of the frame just taken
 public:
  MarkChoice() : _slot(nullptr), _at(-1), _chosen(false), _check_caller(false) {}
  void visit(address* slot, Method* m, int at) {
    if (_chosen) {
      return;
    }
    bool application = !m->method_holder()->class_loader_data()->is_boot_class_loader_data();
    if (_slot == nullptr || application) {
      _slot = slot;
      _at = at;
      _chosen = application;
      _check_caller = true;
    }
  }
  // The caller of a marked frame must be a Java frame that is not deoptimized: a stub, an entry frame
  // or a deoptimized frame's deopt handler never stand behind a trampoline.
  void caller(const frame& fr) {
    if (_check_caller) {
      _check_caller = false;
      if (!(is_java_frame_for_key(fr) && !fr.is_deoptimized_frame())) {
        _slot = nullptr;
        _chosen = true;
      }
    }
  }
  address* slot() const { return _slot; }
  int at() const { return _at; }
};

int LockStatStackWalk::walk_physical(JavaThread* jt, const LockStatTopFrame& top, uintptr_t* key, int max_frames,
                                     int* saved, LockStatReturnSlots* slots) {
  *saved = 0;
  slots->count = 0;
  bool collecting = true;   // the frames so far are compiled Java frames calling one another
  frame fr = frame_of(jt, top);
  LockStatWalkHandles handles;
  RegisterMap map(jt, RegisterMap::UpdateMap::skip, RegisterMap::ProcessFrames::skip,
                  LockStatVframeStream::walk_continuation(jt));
  ContinuationEntry* cont_entry = jt->last_continuation();
  const bool in_vthread = jt->is_vthread_mounted();
  // Frame marks only on a thread's own stack without continuations (LockStatFrameMarks::mark).
  bool use_marks = false;
  if (LockStatFrameMarks::is_enabled()) {
    use_marks = LockStatFrameMarks::may_mark(jt);
    if (!use_marks) {
      LockStatFrameMarks::unmark_current();   // e.g. a profiler attached since: its mark goes now
    }
  }
  MarkChoice choice;
  int n = 0;
  while (n < max_frames) {
    const bool java = is_java_frame_for_key(fr);
    if (fr.is_interpreted_frame()) {
      Method* m;
      address bcp;
      if (!map.in_cont()) {
        m = fr.interpreter_frame_method();
        bcp = fr.interpreter_frame_bcp();
      } else {
        m = map.stack_chunk()->interpreter_frame_method(fr);
        bcp = map.stack_chunk()->interpreter_frame_bcp(fr);
      }
      // The bcp itself: one bci of one method, without validating it into a bci for every event.
      key[words_per_frame * n] = (uintptr_t)m | 1;
      key[words_per_frame * n + 1] = (uintptr_t)bcp;
      n++;
    } else if (java) {
      key[words_per_frame * n] = (uintptr_t)fr.cb()->as_nmethod()->method();
      key[words_per_frame * n + 1] = (uintptr_t)fr.pc();   // the original pc of a deoptimized frame
      n++;
    } else if (fr.is_first_frame()) {
      break;
    }
    if (!java || (slots->count == 0 && fr.sp() != top.sp)) {
      collecting = false;   // a return address here does not name its caller's frame alone
    }
    if (java && use_marks) {
      address* slot = return_slot(fr);
      if (collecting && slots->count < LockStatReturnSlots::max) {
        const bool interpreted = fr.is_interpreted_frame() && !map.in_cont();
        slots->bcp_addr[slots->count] = interpreted ? fr.fp() + frame::interpreter_frame_bcp_offset : nullptr;
        slots->slot[slots->count++] = slot;
        // Its callee's return address into it names no bcp, so a return slot of a frame below an
        // interpreted one says nothing of that frame.
        collecting = !fr.is_interpreted_frame();
      }
      const uintptr_t* suffix;
      int suffix_frames;
      if (LockStatFrameMarks::is_marked(slot, &suffix, &suffix_frames)) {
        // The caller and all below are as when the mark was set: their key words are cached.
        int take = MIN2(suffix_frames, max_frames - n);
        memcpy(key + words_per_frame * n, suffix, (size_t)take * words_per_frame * sizeof(uintptr_t));
        *saved = take;
        return n + take;
      }
      choice.visit(slot, key_method(key + words_per_frame * (n - 1)), n - 1);
    }
    if (in_vthread && cont_entry != nullptr && Continuation::is_continuation_enterSpecial(fr)) {
      if (cont_entry->is_virtual_thread()) {
        break;
      }
      cont_entry = cont_entry->parent();
    }
    fr = fr.sender(&map);
    if (java) {
      choice.caller(fr);
    }
  }
  if (choice.slot() != nullptr && n >= choice.at() + 2) {
    LockStatFrameMarks::mark(jt, choice.slot(), key + words_per_frame * (choice.at() + 1), n - choice.at() - 1);
  }
  return n;
}
