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

#include "lockstat/lockStat.hpp"
#include "lockstat/lockStat_globals.hpp"
#include "lockstat/names/lockStatLockNames.hpp"
#include "lockstat/service/lockStatService.hpp"
#include "lockstat/storage/lockStatBuffer.hpp"
#include "lockstat/storage/lockStatClock.hpp"
#include "lockstat/storage/lockStatThreadLocal.hpp"
#include "runtime/interfaceSupport.inline.hpp"
#include "runtime/javaThread.hpp"
#include "utilities/ostream.hpp"

// The drain thread's view of the VM. Buffers are handed out as DirectByteBuffers over the VM's own
// memory (no copy); the drain gives each one back with releaseBuffer once it is written.

static JavaThread* thread_of(JNIEnv* env) {
  return JavaThread::thread_from_jni_environment(env);
}

static jstring JNICALL lockstat_trace_path(JNIEnv* env, jclass) {
  const char* path = LockStatService::trace_path();
  return path == nullptr ? nullptr : env->NewStringUTF(path);
}

static jstring JNICALL lockstat_report_path(JNIEnv* env, jclass) {
  const char* path = LockStatService::report_path();
  return path == nullptr ? nullptr : env->NewStringUTF(path);
}

static jboolean JNICALL lockstat_write_trace_file(JNIEnv*, jclass) {
  return LockStatService::write_trace_file() ? JNI_TRUE : JNI_FALSE;
}

static jboolean JNICALL lockstat_compress(JNIEnv*, jclass) {
  return TraceLockContentionCompress ? JNI_TRUE : JNI_FALSE;
}

static jlong JNICALL lockstat_start_nanos(JNIEnv*, jclass)  { return LockStatService::start_nanos(); }
static jlong JNICALL lockstat_start_millis(JNIEnv*, jclass) { return LockStatService::start_millis(); }
static jlong JNICALL lockstat_start_ticks(JNIEnv*, jclass)  { return LockStatService::start_ticks(); }
static jlong JNICALL lockstat_clock_frequency(JNIEnv*, jclass) { return LockStatClock::frequency(); }

// The flag values, one "name=value" per line, for the trace header.
static jstring JNICALL lockstat_flags(JNIEnv* env, jclass) {
  stringStream s;
  {
    ThreadInVMfromNative tivm(thread_of(env));
    s.print_cr("TraceLockContention=%s", TraceLockContention ? "true" : "false");
    s.print_cr("TraceLockContentionFile=%s", TraceLockContentionFile);
    s.print_cr("TraceLockContentionCompress=%s", TraceLockContentionCompress ? "true" : "false");
    s.print_cr("TraceLockContentionReport=%s", TraceLockContentionReport != nullptr ? TraceLockContentionReport : "");
    s.print_cr("TraceLockContentionCallChains=%s", TraceLockContentionCallChains ? "true" : "false");
    s.print_cr("TraceLockContentionSampling=%u", TraceLockContentionSampling);
    s.print_cr("TraceLockContentionProfiles=%s", TraceLockContentionProfiles != nullptr ? TraceLockContentionProfiles : "");
  }
  return env->NewStringUTF(s.base());
}

static jobject JNICALL lockstat_take_buffer(JNIEnv* env, jclass, jboolean flush) {
  LockStatBuffer* b;
  {
    ThreadInVMfromNative tivm(thread_of(env));
    if (flush) {
      LockStatService::flush();
    }
    b = LockStatBuffers::take_full();
  }
  if (b == nullptr) {
    return nullptr;
  }
  jobject bb = env->NewDirectByteBuffer(b->data(), (jlong)b->used());
  if (bb == nullptr) {
    // OutOfMemoryError pending: the application has exhausted the heap. The buffer goes back to the
    // head of the queue and the drain tries again next period; meanwhile the queue's bound drops
    // (and counts) new buffers rather than this one, which may hold thread starts and metadata.
    ThreadInVMfromNative tivm(thread_of(env));
    LockStatBuffers::requeue_first(b);
  }
  return bb;
}

static void JNICALL lockstat_release_buffer(JNIEnv* env, jclass, jobject buffer) {
  void* data = env->GetDirectBufferAddress(buffer);
  if (data == nullptr) {
    return;
  }
  ThreadInVMfromNative tivm(thread_of(env));
  LockStatBuffers::release(LockStatBuffer::from_data(data));
}

// Stops tracing at a safepoint with every thread's buffer queued: the drain then writes all of it.
static void JNICALL lockstat_stop(JNIEnv* env, jclass) {
  ThreadInVMfromNative tivm(thread_of(env));
  LockStatService::stop_and_collect();
}

// Starts tracing in a running VM (a new trace); false when it is on already.
// sampling: the new trace's rate (TraceLockContentionSampling), 0 to keep the flag's; set only while
// tracing is off, so that one trace has one rate.
static jboolean JNICALL lockstat_start(JNIEnv* env, jclass, jint sampling) {
  ThreadInVMfromNative tivm(thread_of(env));
  if (LockStat::is_active()) {
    return JNI_FALSE;
  }
  if (sampling > 0) {
    TraceLockContentionSampling = (uint)sampling;
  }
  return LockStatService::start_at_runtime() ? JNI_TRUE : JNI_FALSE;
}

static jboolean JNICALL lockstat_active(JNIEnv*, jclass) {
  return LockStat::is_active() ? JNI_TRUE : JNI_FALSE;
}

static void JNICALL lockstat_collect(JNIEnv* env, jclass) {
  ThreadInVMfromNative tivm(thread_of(env));
  LockStatService::collect();
}

// Names the most contended locks still alive, at a safepoint (names/lockStatLockNames.hpp).
static void JNICALL lockstat_name_locks(JNIEnv* env, jclass, jint max_locks, jlong time_limit_millis,
                                        jboolean show_keys) {
  ThreadInVMfromNative tivm(thread_of(env));
  LockStatLockNames::name_locks(max_locks, time_limit_millis, show_keys == JNI_TRUE);
}

static void JNICALL lockstat_exclude_current_thread(JNIEnv*, jclass, jboolean excluded) {
  LockStatThreadLocal::set_current_excluded(excluded == JNI_TRUE);
}

static jlong JNICALL lockstat_lost_buffers(JNIEnv*, jclass)      { return LockStatBuffers::lost(); }
static jlong JNICALL lockstat_buffer_high_water(JNIEnv*, jclass) { return (jlong)LockStatBuffers::high_water(); }
static jlong JNICALL lockstat_numbered_buffers(JNIEnv*, jclass)  { return LockStatBuffers::numbered(); }

#define CC (char*)
#define FN_PTR(f) CAST_FROM_FN_PTR(void*, &f)
static JNINativeMethod lockstat_methods[] = {
  { CC"tracePath",        CC"()Ljava/lang/String;",                   FN_PTR(lockstat_trace_path) },
  { CC"reportPath",       CC"()Ljava/lang/String;",                   FN_PTR(lockstat_report_path) },
  { CC"writeTraceFile",   CC"()Z",                                    FN_PTR(lockstat_write_trace_file) },
  { CC"compress",         CC"()Z",                                    FN_PTR(lockstat_compress) },
  { CC"startNanos",       CC"()J",                                    FN_PTR(lockstat_start_nanos) },
  { CC"startMillis",      CC"()J",                                    FN_PTR(lockstat_start_millis) },
  { CC"startTicks",       CC"()J",                                    FN_PTR(lockstat_start_ticks) },
  { CC"clockFrequency",   CC"()J",                                    FN_PTR(lockstat_clock_frequency) },
  { CC"flags",            CC"()Ljava/lang/String;",                   FN_PTR(lockstat_flags) },
  { CC"takeBuffer",       CC"(Z)Ljava/nio/ByteBuffer;",               FN_PTR(lockstat_take_buffer) },
  { CC"releaseBuffer",    CC"(Ljava/nio/ByteBuffer;)V",               FN_PTR(lockstat_release_buffer) },
  { CC"stop",             CC"()V",                                    FN_PTR(lockstat_stop) },
  { CC"collect",          CC"()V",                                    FN_PTR(lockstat_collect) },
  { CC"start",            CC"(I)Z",                                   FN_PTR(lockstat_start) },
  { CC"active",           CC"()Z",                                    FN_PTR(lockstat_active) },
  { CC"nameLocks",        CC"(IJZ)V",                                 FN_PTR(lockstat_name_locks) },
  { CC"excludeCurrentThread", CC"(Z)V",                               FN_PTR(lockstat_exclude_current_thread) },
  { CC"lostBuffers",      CC"()J",                                    FN_PTR(lockstat_lost_buffers) },
  { CC"bufferHighWater",  CC"()J",                                    FN_PTR(lockstat_buffer_high_water) },
  { CC"numberedBuffers",  CC"()J",                                    FN_PTR(lockstat_numbered_buffers) },
};
#undef CC
#undef FN_PTR

extern "C" void JNICALL lockstat_register_natives(JNIEnv* env, jclass vm_class) {
  jint n = (jint)(sizeof(lockstat_methods) / sizeof(lockstat_methods[0]));
  if (env->RegisterNatives(vm_class, lockstat_methods, n) != JNI_OK) {
    // The exception (NoSuchMethodError) stays pending and reaches the drain's start-up code.
    return;
  }
}
