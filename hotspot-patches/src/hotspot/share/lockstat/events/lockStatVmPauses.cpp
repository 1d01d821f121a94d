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

#include "lockstat/events/lockStatVmPauses.hpp"
#include "lockstat/lockStat.hpp"
#include "lockstat/service/lockStatService.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "runtime/os.hpp"
#include "runtime/safepoint.hpp"

jlong LockStatVmPauses::_synchronized_at = 0;

void LockStatVmPauses::synchronized_now() {
  assert(SafepointSynchronize::is_at_safepoint(), "at a safepoint");
  _synchronized_at = LockStat::is_active() ? LockStatClock::now() : 0;
}

void LockStatVmPauses::ending() {
  assert(SafepointSynchronize::is_at_safepoint(), "at a safepoint");
  jlong begin = _synchronized_at;
  _synchronized_at = 0;
  if (begin == 0 || !LockStat::is_active()) {
    return;   // tracing started during this safepoint, or is off
  }
  jlong now = LockStatClock::now();
  LockStatService::write_shared_vm_pause(begin, now > begin ? LockStatClock::to_nanos(now - begin) : 0, kind_safepoint);
}
