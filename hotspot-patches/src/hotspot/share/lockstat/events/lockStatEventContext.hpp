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

#ifndef SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTCONTEXT_HPP
#define SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTCONTEXT_HPP

#include "memory/allStatic.hpp"
#include "utilities/globalDefinitions.hpp"

class JavaThread;
class LockStatBuffer;
class LockStatThreadLocal;

// Events are recorded under the Java thread that is running: a carrier running a virtual thread
// writes VTHREAD_MOUNT (and the virtual thread's lazy THREAD_START) before that thread's events,
// VTHREAD_UNMOUNT when its own events follow again (trace format: BUFFER).
class LockStatEventContext : AllStatic {
 public:
  // The calling thread's buffer with room for one event of at most event_size bytes, switched to
  // the running Java thread's context; nullptr when out of memory.
  static LockStatBuffer* buffer(JavaThread* jt, LockStatThreadLocal* tl, size_t event_size, jlong now);
};

#endif // SHARE_LOCKSTAT_EVENTS_LOCKSTATEVENTCONTEXT_HPP
