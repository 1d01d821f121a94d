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


#ifndef SHARE_LOCKSTAT_NAMES_LOCKSTATLOCKTALLY_HPP
#define SHARE_LOCKSTAT_NAMES_LOCKSTATLOCKTALLY_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

class Klass;

// The lock objects the current trace saw contended, by blocking episode (a contended monitor enter, a
// park with a blocker): which ones are worth naming when the trace ends (LockStatLockNames). Keyed as
// reports key a lock, by class id and identity hash, in a fixed table that the blocked threads fill
// themselves, lock-free, on their way to block. A lock that finds the table full is not counted; the
// search then says so (a trace with that many contended locks names the first ones).
class LockStatLockTally : AllStatic {
 public:
  struct Lock {
    Klass* klass;      // compared with heap objects' classes, never dereferenced
    u8 class_id;       // the trace's id of klass
    u4 hash;           // identity hash
    u8 episodes;
  };
  // A blocking episode on the object of class klass (id class_id) with identity hash hash; objects never
  // hashed (0) cannot be found again by it, and are not counted.
  static void add(Klass* klass, u8 class_id, u8 hash);
  // At a new trace's start, at a safepoint.
  static void reset();
  // At a safepoint: the at most max most contended locks, most first; their number.
  static int top(Lock* out, int max);
  // Whether a lock was left out because the table was full.
  static bool overflowed();
};

#endif // SHARE_LOCKSTAT_NAMES_LOCKSTATLOCKTALLY_HPP
