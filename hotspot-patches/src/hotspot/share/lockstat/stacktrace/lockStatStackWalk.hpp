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

#ifndef SHARE_LOCKSTAT_STACKTRACE_LOCKSTATSTACKWALK_HPP
#define SHARE_LOCKSTAT_STACKTRACE_LOCKSTATSTACKWALK_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

class JavaThread;
class Method;

// One Java frame of a call chain: inlined frames are separate entries, innermost first.
struct LockStatFrame {
  Method* method;
  int bci;
};

// The calling thread's top Java frame as its stack shows it (sp, fp, pc; no code lookup yet): from
// the last Java frame of a VM entry, or found from a leaf call's C frames.
struct LockStatTopFrame {
  intptr_t* sp;
  intptr_t* fp;
  address pc;
  bool from_anchor;   // the thread's last Java frame
};

// The return slots of a walk's first frames, the top frame's first, as long as they are compiled Java
// frames calling one another, and then at most one interpreted frame (with where it keeps its bcp: its
// callee's return address into it is the interpreter's, the same for any caller): with the slots'
// values, what tells a later walk that those frames are still the same (LockStatCallChains' cache),
// down to the first one that carries the thread's mark.
struct LockStatReturnSlots {
  static const int max = 4;
  address* slot[max];
  intptr_t* bcp_addr[max];   // an interpreted frame's bcp slot; nullptr for compiled frames
  int count;
  LockStatReturnSlots() : count(0) {}
};

// Walks the calling thread's own Java stack, in two ways (paper 3.4):
// - walk_physical, for every event with a chain: one key entry per physical frame, two words each
//   (Method*, with bit 0 set for an interpreted frame; then the bcp, or the pc of compiled code).
//   No debug information is decoded, so inlined frames cost nothing here.
// - walk, only for a chain seen for the first time: the Java frames, inlined ones included, of the
//   same physical frames, for the chain's metadata.
// Both work with a last Java frame (VM entries) and without one: monitor exits run as leaf calls
// from Java code, where the top Java frame is found by following the C frame pointers.
class LockStatStackWalk : AllStatic {
 public:
  static const int max_physical = 128;
  static const int max_depth = 256;       // Java frames of max_physical physical frames, at most
  static const int words_per_frame = 2;
  // The calling thread's top Java frame; false when there is none to be found.
  static bool top_frame(JavaThread* jt, LockStatTopFrame* top);
  // Fills key (words_per_frame words per frame, innermost first) from the top frame down and returns
  // the number of frames; 0 when the stack cannot be walked. Meeting this thread's frame mark, the
  // walk stops and takes the frames below it from the mark's cache; *saved: how many
  // (LockStatFrameMarks). *slots: where the first frames keep their return addresses, while marks
  // are in use and those frames are compiled Java code calling one another.
  static int walk_physical(JavaThread* jt, const LockStatTopFrame& top, uintptr_t* key, int max_frames,
                           int* saved, LockStatReturnSlots* slots);
  // Fills frames (innermost first) from the first 'physical' physical frames; returns their number.
  static int walk(JavaThread* jt, LockStatFrame* frames, int max, int physical);
  // The Method* of a key frame.
  static Method* key_method(const uintptr_t* frame) { return (Method*)(frame[0] & ~(uintptr_t)1); }
  // The pc of a key frame of compiled code; nullptr for an interpreted frame.
  static address key_pc(const uintptr_t* frame) { return (frame[0] & 1) != 0 ? nullptr : (address)frame[1]; }
};

#endif // SHARE_LOCKSTAT_STACKTRACE_LOCKSTATSTACKWALK_HPP
