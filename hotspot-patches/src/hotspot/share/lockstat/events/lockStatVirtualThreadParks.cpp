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

#include "classfile/javaClasses.inline.hpp"
#include "jni.h"
#include "jvm.h"
#include "lockstat/events/lockStatParkEvents.hpp"
#include "lockstat/lockStat.hpp"
#include "runtime/interfaceSupport.inline.hpp"
#include "runtime/javaThread.inline.hpp"
#include "runtime/jniHandles.inline.hpp"

// Park events of virtual threads (paper 3.3 taken to JDK 21+): a virtual thread's
// LockSupport.park unmounts in java.lang.VirtualThread and never reaches Unsafe_Park, and its unpark
// is plain Java. java.lang.VirtualThread (patched) calls these, only while tracing
// (JVM_LockStatActive, read once into a static final), registered by libjava's VirtualThread.c
// (prototypes in jvm.h).
JVM_LEAF(jboolean, JVM_LockStatActive(JNIEnv* env, jclass ignored))
  return LockStat::is_active() ? JNI_TRUE : JNI_FALSE;
JVM_END

// Returns a token for the end: -1 if nothing was written, else the thread's mailbox before parking.
JVM_ENTRY(jlong, JVM_LockStatVirtualParkBegin(JNIEnv* env, jobject vthread, jlong nanos))
  if (!LockStat::is_active()) {
    return -1;
  }
  LockStatParkEvents::Park park;
  park.written = false;
  park.virtual_park = true;
  park.blocked = true;
  LockStatParkEvents::park_begin(thread, false, nanos, &park);
  return park.written ? (jlong)park.mailbox_before : -1;
JVM_END

JVM_ENTRY(void, JVM_LockStatVirtualParkEnd(JNIEnv* env, jobject vthread, jlong token, jlong nanos, jboolean blocked))
  if (token == -1) {
    return;
  }
  LockStatParkEvents::Park park;
  park.written = true;
  park.virtual_park = true;
  park.blocked = blocked == JNI_TRUE;
  park.mailbox_before = (u8)token;
  park.timeout_nanos = nanos > 0 ? nanos : 0;
  park.begin = 0;   // unknown here: a timed park without an unpark counts as timed out
  LockStatParkEvents::park_end(thread, &park);   // written even after a stop: the begin needs its end
JVM_END

JVM_ENTRY(void, JVM_LockStatVirtualUnpark(JNIEnv* env, jobject vthread))
  if (LockStat::is_active()) {
    oop target = JNIHandles::resolve_non_null(vthread);
    LockStatParkEvents::unpark(thread, java_lang_Thread::thread_id(target), target);
  }
JVM_END
