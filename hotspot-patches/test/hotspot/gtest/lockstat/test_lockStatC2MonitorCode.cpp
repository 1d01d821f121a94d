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

#if INCLUDE_LOCKSTAT && defined(AMD64) && defined(COMPILER2)

#include "asm/codeBuffer.hpp"
#include "code/codeBlob.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "opto/c2_MacroAssembler.hpp"
#include "runtime/globals.hpp"
#include "unittest.hpp"

#include <string.h>

// C2 emits a node's code twice: into a scratch buffer to size it, then for real, and stops the VM
// (a guarantee in PhaseOutput::fill_buffer) when a block grew in between. A compilation may straddle
// the first trace's start, which chooses LockStat's clock, so the code LockStat adds to C2's monitor
// acquisition must be the same whatever the clock and tracing: it reads them when it runs. (It once
// chose at compile time whether to stamp the hold's start, and a VM that began tracing while C2
// compiled a synchronized method could stop there.)
static const int capacity = 2048;   // bytes, far more than the acquisition's code

class LockStatC2MonitorCodeTest : public ::testing::Test {
 protected:
  // C2's lightweight acquisition, emitted at the start of blob with LockStat's clock and stamping
  // flag set as given (and restored): its bytes into out, their number returned.
  static int emit_acquisition(BufferBlob* blob, bool counter, bool stamping, u1* out) {
    bool saved_counter = LockStatClock::_counter;
    bool saved_stamping = LockStat::_stamping_holds;
    LockStatClock::_counter = counter;
    LockStat::_stamping_holds = stamping;
    CodeBuffer code(blob);
    C2_MacroAssembler masm(&code);
    masm.fast_lock_lightweight(rdi /* obj */, rbx /* box */, rax, rcx /* t */, r15_thread);
    masm.flush();
    LockStatClock::_counter = saved_counter;
    LockStat::_stamping_holds = saved_stamping;
    int size = (int)code.insts_size();
    if (size <= capacity) {
      memcpy(out, code.insts_begin(), size);
    }
    return size;
  }

  // Whether the code holds rdtsc (0F 31), which reads the time-stamp counter.
  static bool reads_counter(const u1* code, int size) {
    for (int i = 0; i + 1 < size; i++) {
      if (code[i] == 0x0F && code[i + 1] == 0x31) {
        return true;
      }
    }
    return false;
  }
};

TEST_VM_F(LockStatC2MonitorCodeTest, acquisition_code_is_the_same_whatever_the_clock_and_tracing) {
  if (LockingMode != LM_LIGHTWEIGHT) {
    return;   // the only locking mode whose C2 acquisition LockStat extends
  }
  BufferBlob* blob = BufferBlob::create("LockStatC2MonitorCodeTest", capacity);
  ASSERT_NE(blob, (BufferBlob*)nullptr);
  static u1 first[capacity], other[capacity];
  int size = emit_acquisition(blob, false, false, first);
  ASSERT_LE(size, capacity);
  // Where the counter may become LockStat's clock, the code stamps the hold's start even when
  // emitted before tracing ever chose it.
  if (LockStat::may_stamp_holds_inline()) {
    EXPECT_TRUE(reads_counter(first, size));
  }
  const bool states[][2] = { { true, false }, { true, true }, { false, false } };
  for (const bool* state : states) {
    int other_size = emit_acquisition(blob, state[0], state[1], other);
    EXPECT_EQ(size, other_size) << "counter " << state[0] << ", stamping " << state[1];
    if (size == other_size) {
      EXPECT_EQ(0, memcmp(first, other, size)) << "counter " << state[0] << ", stamping " << state[1];
    }
  }
  BufferBlob::free(blob);
}

#endif // INCLUDE_LOCKSTAT && AMD64 && COMPILER2
