package hostgpu

// Shim makes the generated source a host C++ program: the CUDA
// built-ins, a launch that runs a grid's blocks one after another and a
// block's threads together (a kernel without __syncthreads is a
// grid-stride loop, so one thread does all its work), and the bit casts.
// It includes C headers and POSIX threads only: the C++ thread library's
// headers took most of each test program's compile time.
//
// TL_RUN(fp) runs a thread's share of a block, *fp; the emulated driver
// defines it to catch the thread's memory faults (driver.cc,
// tlhost_guard).
const Shim = `#define TL_HOST 1
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>
struct tl_dim3 { unsigned x, y, z; };
static thread_local tl_dim3 threadIdx = {0, 0, 0};
static tl_dim3 blockIdx = {0, 0, 0}, blockDim = {1, 1, 1}, gridDim = {1, 1, 1};
/* The dynamic shared memory of the running launch, in bytes (the
   prelude's TL_DYNAMIC_SHARED checks its need against it): unlimited
   unless the emulated CUDA driver's launch sets it. */
static unsigned tl_launch_shared = 0xffffffffu;
/* tl_barrier waits for n threads: the last to arrive starts the next
   generation. It yields a few times before it sleeps (futex), which
   costs less than pthread_barrier_wait's immediate sleep when a block's
   threads outnumber the cores. The atomics order every thread's work
   before the barrier before every thread's work after it, which is what
   the thread sanitizer checks the kernels against. */
struct tl_barrier { unsigned n, count, gen; };
/* TL_ABORTED() says the launch is abandoned (a thread of it faulted):
   the threads waiting for it stop waiting, checking each TL_WAIT_LIMIT
   (a struct timespec*, 0: no limit) while they sleep. */
#ifndef TL_ABORTED
#define TL_ABORTED() 0
#define TL_WAIT_LIMIT 0
#endif
static void tl_barrier_wait(tl_barrier* b) {
  const unsigned g = __atomic_load_n(&b->gen, __ATOMIC_ACQUIRE);
  if (__atomic_add_fetch(&b->count, 1, __ATOMIC_ACQ_REL) == b->n) {
    __atomic_store_n(&b->count, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&b->gen, g + 1, __ATOMIC_RELEASE);
    syscall(SYS_futex, &b->gen, FUTEX_WAKE_PRIVATE, 0x7fffffff, 0, 0, 0);
    return;
  }
  for (int spin = 0; __atomic_load_n(&b->gen, __ATOMIC_ACQUIRE) == g; spin++) {
    if (TL_ABORTED()) return;
    if (spin < 8) sched_yield();
    else syscall(SYS_futex, &b->gen, FUTEX_WAIT_PRIVATE, g, TL_WAIT_LIMIT, 0, 0);
  }
}
static tl_barrier tl_bar;
static void __syncthreads() { tl_barrier_wait(&tl_bar); }
/* The warp-wide instructions (mma.sync, ldmatrix, MFMA) exchange their
   lanes' registers through memory and wait for the lanes of their own
   warp (32) or wavefront (64) only, as the hardware does: a block-wide
   wait there would hide a missing __syncthreads from the sanitizers. */
static tl_barrier tl_warp_bars[32], tl_wave_bars[16];
static thread_local tl_barrier* tl_warp_bar;
static thread_local tl_barrier* tl_wave_bar;
static void tl_syncwarp() { tl_barrier_wait(tl_warp_bar); }
static void tl_syncwave() { tl_barrier_wait(tl_wave_bar); }
#ifndef TL_RUN
#define TL_RUN(fp) (*(fp))()
#endif
/* The n-th block a launch runs: the grid in order, or last first. */
static unsigned tl_block(unsigned n, unsigned grid, bool reversed) { return reversed ? grid - 1 - n : n; }
template <class F> struct tl_thread { F* f; unsigned i, grid; bool reversed; pthread_t id; };
/* tl_block_bar separates the blocks of a launch: thread 0 names the
   next block once every thread has finished the last one. */
static tl_barrier tl_block_bar;
template <class F> static void* tl_thread_main(void* p) {
  tl_thread<F>* t = (tl_thread<F>*)p;
  threadIdx = {t->i, 0, 0};
  tl_warp_bar = &tl_warp_bars[t->i / 32];
  tl_wave_bar = &tl_wave_bars[t->i / 64];
  for (unsigned n = 0; n < t->grid && !TL_ABORTED(); n++) {
    if (t->i == 0) blockIdx = {tl_block(n, t->grid, t->reversed), 0, 0};
    tl_barrier_wait(&tl_block_bar);
    TL_RUN(t->f);
    tl_barrier_wait(&tl_block_bar);
  }
  return 0;
}
/* Blocks run one after another (so a kernel's static __shared__ array is
   its block's); the threads of a block run together when it has more
   than one: one thread each for the whole launch, which runs the blocks
   in turn (a thread a block and a block's worth of thread creations
   each made a launch of 200 blocks of 256 threads take a minute under
   the thread sanitizer). */
template <class F> static void tl_launch(unsigned grid, unsigned block, bool reversed, F f) {
  gridDim = {grid, 1, 1}; blockDim = {block, 1, 1};
  if (block > 1024) { fprintf(stderr, "a block of %u threads\n", block); exit(5); }
  if (block == 1) {
    for (unsigned i = 0; i < grid; i++) {
      blockIdx = {tl_block(i, grid, reversed), 0, 0};
      threadIdx = {0, 0, 0};
      TL_RUN(&f);
    }
    return;
  }
  tl_bar = {block, 0, 0};
  tl_block_bar = {block, 0, 0};
  for (unsigned i = 0; i < block; i += 32) tl_warp_bars[i / 32] = {block - i < 32 ? block - i : 32, 0, 0};
  for (unsigned i = 0; i < block; i += 64) tl_wave_bars[i / 64] = {block - i < 64 ? block - i : 64, 0, 0};
  tl_thread<F>* ts = new tl_thread<F>[block];
  for (unsigned i = 0; i < block; i++) {
    ts[i].f = &f; ts[i].i = i; ts[i].grid = grid; ts[i].reversed = reversed;
    if (pthread_create(&ts[i].id, 0, tl_thread_main<F>, &ts[i])) { fprintf(stderr, "pthread_create failed\n"); exit(5); }
  }
  for (unsigned i = 0; i < block; i++) pthread_join(ts[i].id, 0);
  delete[] ts;
}
#define __global__
#define __device__
#define __shared__ static
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __restrict__ __restrict
static inline unsigned atomicAdd(unsigned* p, unsigned v) { return __atomic_fetch_add(p, v, __ATOMIC_ACQ_REL); }
static inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline float __uint_as_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
static inline unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static inline double __longlong_as_double(long long u) { double f; memcpy(&f, &u, 8); return f; }
static inline long long __double_as_longlong(double f) { long long u; memcpy(&u, &f, 8); return u; }
`
