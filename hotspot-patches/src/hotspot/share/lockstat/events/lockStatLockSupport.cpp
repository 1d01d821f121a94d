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

#include "jni.h"
#include "jvm.h"
#include "lockstat/events/lockStatParkEvents.hpp"
#include "lockstat/lockStat.hpp"
#include "runtime/interfaceSupport.inline.hpp"
#include "runtime/javaThread.inline.hpp"
#include "runtime/jniHandles.inline.hpp"

// What java.util.concurrent.locks tells the tracer beyond park and unpark (the causes behind a
// wait's cause). java.util.concurrent.locks.LockSupport (patched) declares these natives, bound by
// NativeLookup's table of special natives (prototypes in jvm.h), and calls them only while its LOCKSTAT switch is on:
// - ReentrantReadWriteLock and StampedLock: a read release that leaves other readers holding while a
//   writer is first in the queue. It wakes nobody, so no unpark shows it; without it only the last
//   reader, whose release unparks the writer, would be charged for the writer's wait.
// - AbstractQueued(Long)Synchronizer and StampedLock: a thread woken from its park that lost the lock
//   to a barging thread and parks again. The analysis makes the parks of one acquisition one contention.
JVM_ENTRY(void, JVM_LockStatSharedRelease(JNIEnv* env, jclass ignored, jobject blocker))
  if (LockStat::is_active()) {
    LockStatParkEvents::shared_release(thread, JNIHandles::resolve(blocker));
  }
JVM_END

JVM_LEAF(void, JVM_LockStatRepark(JNIEnv* env, jclass ignored))
  if (LockStat::is_active()) {
    LockStatParkEvents::repark(JavaThread::current());
  }
JVM_END
