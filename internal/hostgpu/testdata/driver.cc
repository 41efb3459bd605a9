// The CUDA driver API and NVRTC, and HIP and hiprtc, emulated on the
// host for torchlower's tests (package hostgpu builds this file as
// libcuda.so.1, and links libnvrtc.so.13, libamdhip64.so.7 and
// libhiprtc.so.7 to it): the calls packages gpu/cuda and gpu/hip bind,
// with the drivers' rules a host emulation can check, and kernels that
// run on the CPU. One emulated device answers to both vendors' calls.
//
// NVRTC and hiprtc "compile" a kernel source with the host C++ compiler,
// the source following hostgpu_shim.h (package hostgpu's Shim: the CUDA
// built-ins on POSIX threads) into a shared object, and append a
// launcher for each kernel; their code object is that shared object,
// its ELF machine said to be EM_CUDA (NVRTC's "cubin") or EM_AMDGPU
// (hiprtc's). Loading a module takes it from a memory file. A launch
// runs the kernel to completion before it returns (the stream's order
// holds trivially); a kernel with __syncthreads runs its grid's blocks
// one after another, each block's threads together; one without runs
// each block on one thread, which its grid-stride loop allows.
//
// What the emulation holds the caller to, as the drivers do:
//   - CUDA's context is current per thread: a call from a thread where
//     cuCtxSetCurrent was not called fails with CUDA_ERROR_INVALID_CONTEXT
//     (HIP's device 0 is current on every thread until hipSetDevice);
//   - copies and memsets stay inside one allocation;
//   - a CUDA launch's dynamic shared memory over 48 KB needs
//     CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES first, and at most
//     227 KB; an AMD block has at most 64 KB; a kernel that declares more
//     than its launch gives faults; a block has at most 1024 threads;
//     kernelParams, not extra; a module loads for its own vendor only;
//   - a kernel that faults (SIGSEGV, SIGBUS) leaves the device unusable:
//     the launch succeeds (the fault is asynchronous) and every later
//     call fails with error 700 (CUDA_ERROR_ILLEGAL_ADDRESS,
//     hipErrorIllegalAddress), as on a GPU; the faulting thread's
//     block-mates stop waiting for it at barriers;
//   - new memory holds garbage (0xff bytes), not zeros.
//
// For the tests of what follows a fault (a command's relaunch), a fault
// can be injected: with $TL_HOSTGPU_FAULT_ONCE naming a file that does
// not exist, the first launch creates it and faults instead of running,
// and launches in processes started after that (which see the file) run.
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

extern char** environ;

#define EXPORT extern "C" __attribute__((visibility("default")))

typedef int CUresult;
enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
};

static std::mutex mu;  // guards everything below
static bool initialized;
static CUresult sticky;  // a kernel's fault: every later call fails with it
static const uintptr_t primaryContext = 0xc0de0;
static thread_local uintptr_t currentContext;
static std::map<uintptr_t, size_t> allocations;  // base -> bytes
static std::set<uintptr_t> streams;
struct Event { bool recorded; double ms; };
static std::set<Event*> events;
struct Function;
struct Module { void* handle; int fd; std::vector<Function*> functions; };
static std::set<Module*> modules;
typedef void (*Launcher)(unsigned grid, unsigned block, unsigned shared, void** params);
struct Function { Launcher launch; int maxDynamicShared; std::string name; };
static std::set<Function*> functions;

// smVersion is the emulated compute capability, 10 * major + minor:
// $TL_HOSTGPU_SM, else 90. From 80 on, NVRTC compiles the kernels'
// tensor-core bodies (TL_HOST_MMA: mma.sync, ldmatrix and cp.async
// emulated), as a GPU of that capability runs them.
static int smVersion() {
  const char* s = getenv("TL_HOSTGPU_SM");
  int v = s ? atoi(s) : 90;
  return v > 0 ? v : 90;
}

// ready is the check at the head of every call that needs the context.
static CUresult ready() {
  if (!initialized) return CUDA_ERROR_NOT_INITIALIZED;
  if (sticky) return sticky;
  if (currentContext != primaryContext) return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}

// device is the check at the head of every call that names a device:
// the driver initialized, the device the one there is.
static CUresult device(int dev) {
  if (!initialized) return CUDA_ERROR_NOT_INITIALIZED;
  return dev == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

// inside reports whether [p, p+n) lies in one allocation.
static bool inside(uintptr_t p, size_t n) {
  auto it = allocations.upper_bound(p);
  if (it == allocations.begin()) return false;
  --it;
  return p >= it->first && p + n <= it->first + it->second;
}

static double nowMs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

EXPORT CUresult cuInit(unsigned flags) {
  std::lock_guard<std::mutex> l(mu);
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  initialized = true;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetCount(int* n) {
  std::lock_guard<std::mutex> l(mu);
  if (!initialized) return CUDA_ERROR_NOT_INITIALIZED;
  *n = 1;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGet(int* dev, int ordinal) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = device(ordinal)) return r;
  *dev = 0;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDeviceGetAttribute(int* v, int attr, int dev) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = device(dev)) return r;
  // An H100 SXM's, as far as the backend asks: the clocks in kHz, the
  // bus in bits. Anything else is refused, so that a new query shows.
  switch (attr) {
  case 13: *v = 1980000; return CUDA_SUCCESS;  // CLOCK_RATE
  case 16: *v = 132; return CUDA_SUCCESS;      // MULTIPROCESSOR_COUNT
  case 36: *v = 2619000; return CUDA_SUCCESS;  // MEMORY_CLOCK_RATE
  case 37: *v = 5120; return CUDA_SUCCESS;     // GLOBAL_MEMORY_BUS_WIDTH
  case 75: *v = smVersion() / 10; return CUDA_SUCCESS;  // COMPUTE_CAPABILITY_MAJOR
  case 76: *v = smVersion() % 10; return CUDA_SUCCESS;  // COMPUTE_CAPABILITY_MINOR
  }
  return CUDA_ERROR_INVALID_VALUE;
}

EXPORT CUresult cuDeviceGetName(char* name, int n, int dev) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = device(dev)) return r;
  snprintf(name, n, "torchlower host emulation (not a GPU), sm_%d", smVersion());
  return CUDA_SUCCESS;
}

EXPORT CUresult cuDevicePrimaryCtxRetain(uintptr_t* ctx, int dev) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = device(dev)) return r;
  *ctx = primaryContext;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuCtxSetCurrent(uintptr_t ctx) {
  std::lock_guard<std::mutex> l(mu);
  if (!initialized) return CUDA_ERROR_NOT_INITIALIZED;
  if (ctx != primaryContext && ctx != 0) return CUDA_ERROR_INVALID_CONTEXT;
  currentContext = ctx;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemAlloc_v2(uintptr_t* p, size_t n) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (n == 0) return CUDA_ERROR_INVALID_VALUE;
  void* m = aligned_alloc(256, (n + 255) / 256 * 256);
  if (!m) return CUDA_ERROR_OUT_OF_MEMORY;
  memset(m, 0xff, n);
  *p = (uintptr_t)m;
  allocations[*p] = n;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemFree_v2(uintptr_t p) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  auto it = allocations.find(p);
  if (it == allocations.end()) return CUDA_ERROR_INVALID_VALUE;
  allocations.erase(it);
  free((void*)p);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemcpyHtoD_v2(uintptr_t dst, const void* src, size_t n) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!inside(dst, n)) return CUDA_ERROR_INVALID_VALUE;
  memcpy((void*)dst, src, n);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemcpyDtoH_v2(void* dst, uintptr_t src, size_t n) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!inside(src, n)) return CUDA_ERROR_INVALID_VALUE;
  memcpy(dst, (const void*)src, n);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuMemsetD8_v2(uintptr_t p, unsigned char v, size_t n) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!inside(p, n)) return CUDA_ERROR_INVALID_VALUE;
  memset((void*)p, v, n);
  return CUDA_SUCCESS;
}

// A compiled image is the host shared object with its ELF machine
// (e_machine, bytes 18-19) set to EM_CUDA's, as a cubin's is (EM_AMDGPU
// for hiprtc's, as an AMD code object's is), so that what checks a
// binary for its vendor accepts it; loading sets it back.
static const unsigned short emCUDA = 190, emAMDGPU = 224;

static CUresult loadModule(Module** out, const void* image, unsigned short wantMachine) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  const unsigned char* b = (const unsigned char*)image;
  unsigned short machine;
  unsigned long long shoff;
  unsigned short shentsize, shnum;
  if (!b || memcmp(b, "\x7f" "ELF", 4) != 0 || b[4] != 2) return CUDA_ERROR_INVALID_IMAGE;
  memcpy(&machine, b + 18, 2);
  memcpy(&shoff, b + 40, 8);
  memcpy(&shentsize, b + 58, 2);
  memcpy(&shnum, b + 60, 2);
  if (machine != wantMachine) return CUDA_ERROR_INVALID_IMAGE;
  // A 64-bit ELF ends with its section headers.
  size_t n = shoff + (size_t)shentsize * shnum;
  std::vector<unsigned char> obj(b, b + n);
  const unsigned short host = EM_X86_64;
  memcpy(&obj[18], &host, 2);
  int fd = memfd_create("tlhost-module", MFD_CLOEXEC);
  if (fd < 0) return CUDA_ERROR_OUT_OF_MEMORY;
  for (size_t off = 0; off < n;) {
    ssize_t w = write(fd, obj.data() + off, n - off);
    if (w <= 0) {
      close(fd);
      return CUDA_ERROR_OUT_OF_MEMORY;
    }
    off += w;
  }
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    fprintf(stderr, "hostgpu: cuModuleLoadData: %s\n", dlerror());
    close(fd);
    return CUDA_ERROR_INVALID_IMAGE;
  }
  Module* m = new Module{h, fd, {}};
  modules.insert(m);
  *out = m;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuModuleLoadData(Module** out, const void* image) { return loadModule(out, image, emCUDA); }

EXPORT CUresult cuModuleUnload(Module* m) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!modules.count(m)) return CUDA_ERROR_INVALID_HANDLE;
  for (Function* f : m->functions) {
    functions.erase(f);
    delete f;
  }
  dlclose(m->handle);
  close(m->fd);
  modules.erase(m);
  delete m;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuModuleGetFunction(Function** out, Module* m, const char* name) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!modules.count(m)) return CUDA_ERROR_INVALID_HANDLE;
  std::string sym = std::string("tlhost_") + name;
  Launcher launch = (Launcher)dlsym(m->handle, sym.c_str());
  if (!launch) return CUDA_ERROR_NOT_FOUND;
  Function* f = new Function{launch, 0, name};
  m->functions.push_back(f);
  functions.insert(f);
  *out = f;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuFuncSetAttribute(Function* f, int attr, int v) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!functions.count(f)) return CUDA_ERROR_INVALID_HANDLE;
  if (attr != 8) return CUDA_ERROR_INVALID_VALUE;  // only MAX_DYNAMIC_SHARED_SIZE_BYTES is emulated
  if (v < 0 || v > 227 * 1024) return CUDA_ERROR_INVALID_VALUE;
  f->maxDynamicShared = v;
  return CUDA_SUCCESS;
}

// A kernel thread's memory fault returns to its tlhost_guard, which the
// shim's TL_RUN calls around each thread's work; a fault anywhere else
// goes to the handler that was there before (the Go runtime's).
static thread_local sigjmp_buf* faultJump;
static int faulted;  // atomic: a kernel thread faulted in this launch
static struct sigaction previousSEGV, previousBUS;

static void onFault(int sig, siginfo_t* info, void* uc) {
  if (faultJump) siglongjmp(*faultJump, 1);
  struct sigaction* prev = sig == SIGSEGV ? &previousSEGV : &previousBUS;
  if (prev->sa_flags & SA_SIGINFO) {
    prev->sa_sigaction(sig, info, uc);
  } else if (prev->sa_handler == SIG_DFL || prev->sa_handler == SIG_IGN) {
    signal(sig, SIG_DFL);
    raise(sig);
  } else {
    prev->sa_handler(sig);
  }
}

// tlhost_faulted reports whether a thread of the running launch faulted:
// the shim's barriers stop waiting then, since the thread that faulted
// never arrives.
EXPORT int tlhost_faulted() { return __atomic_load_n(&faulted, __ATOMIC_SEQ_CST); }

EXPORT int tlhost_guard(void (*body)(void*), void* arg) {
  sigjmp_buf jump;
  sigjmp_buf* outer = faultJump;
  if (sigsetjmp(jump, 1)) {
    faultJump = outer;
    __atomic_store_n(&faulted, 1, __ATOMIC_SEQ_CST);
    return 1;
  }
  faultJump = &jump;
  body(arg);
  faultJump = outer;
  return 0;
}

// injectFault reports whether this launch is the one to fault
// ($TL_HOSTGPU_FAULT_ONCE): it created the file, exclusively, so that of
// all the launches in all the processes that share the file, one does.
static bool injectFault() {
  const char* once = getenv("TL_HOSTGPU_FAULT_ONCE");
  if (once == nullptr || *once == 0) return false;
  int fd = open(once, O_CREAT | O_EXCL | O_WRONLY, 0644);
  if (fd < 0) return false;
  close(fd);
  return true;
}

// launchKernel is cuLaunchKernel and hipModuleLaunchKernel: NVIDIA's
// blocks take over 48 KB of dynamic shared memory only when allowed it,
// AMD's 64 KB of LDS at most.
static CUresult launchKernel(Function* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                             unsigned shared, uintptr_t stream, void** params, void** extra, bool amd) {
  Launcher launch;
  {
    std::lock_guard<std::mutex> l(mu);
    if (CUresult r = ready()) return r;
    if (!functions.count(f)) return CUDA_ERROR_INVALID_HANDLE;
    if (stream != 0 && !streams.count(stream)) return CUDA_ERROR_INVALID_HANDLE;
    if (gx == 0 || gy != 1 || gz != 1 || bx == 0 || by != 1 || bz != 1) return CUDA_ERROR_INVALID_VALUE;
    if (bx > 1024 || gx > 0x7fffffffu) return CUDA_ERROR_INVALID_VALUE;
    if (!amd && shared > 48 * 1024 && (int)shared > f->maxDynamicShared) return CUDA_ERROR_INVALID_VALUE;
    if (amd && shared > 64 * 1024) return CUDA_ERROR_INVALID_VALUE;
    if (extra != nullptr) return CUDA_ERROR_INVALID_VALUE;
    launch = f->launch;
  }
  // The kernel's threads inherit this thread's signal mask: all but the
  // faults are blocked while they run, so that no other signal (the Go
  // runtime's) lands on a thread Go does not know.
  sigset_t all, old;
  sigfillset(&all);
  sigdelset(&all, SIGSEGV);
  sigdelset(&all, SIGBUS);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = onFault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, &previousSEGV);
  sigaction(SIGBUS, &sa, &previousBUS);
  __atomic_store_n(&faulted, 0, __ATOMIC_SEQ_CST);
  if (injectFault()) {
    __atomic_store_n(&faulted, 1, __ATOMIC_SEQ_CST);
  } else {
    launch(gx, bx, shared, params);
  }
  sigaction(SIGSEGV, &previousSEGV, nullptr);
  sigaction(SIGBUS, &previousBUS, nullptr);
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  if (__atomic_load_n(&faulted, __ATOMIC_SEQ_CST)) {
    std::lock_guard<std::mutex> l(mu);
    sticky = CUDA_ERROR_ILLEGAL_ADDRESS;
  }
  return CUDA_SUCCESS;
}

EXPORT CUresult cuLaunchKernel(Function* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                               unsigned shared, uintptr_t stream, void** params, void** extra) {
  return launchKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params, extra, false);
}

EXPORT CUresult cuStreamCreate(uintptr_t* s, unsigned flags) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  static uintptr_t next = 0x5000;
  *s = next++;
  streams.insert(*s);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuStreamSynchronize(uintptr_t s) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  return s == 0 || streams.count(s) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

EXPORT CUresult cuStreamDestroy_v2(uintptr_t s) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  return streams.erase(s) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

EXPORT CUresult cuEventCreate(Event** e, unsigned flags) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  *e = new Event{false, 0};
  events.insert(*e);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuEventRecord(Event* e, uintptr_t s) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!events.count(e) || (s != 0 && !streams.count(s))) return CUDA_ERROR_INVALID_HANDLE;
  e->recorded = true;
  e->ms = nowMs();
  return CUDA_SUCCESS;
}

EXPORT CUresult cuEventSynchronize(Event* e) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  return events.count(e) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

EXPORT CUresult cuEventElapsedTime_v2(float* ms, Event* start, Event* stop) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!events.count(start) || !events.count(stop)) return CUDA_ERROR_INVALID_HANDLE;
  if (!start->recorded || !stop->recorded) return CUDA_ERROR_NOT_READY;
  *ms = (float)(stop->ms - start->ms);
  return CUDA_SUCCESS;
}

EXPORT CUresult cuEventDestroy_v2(Event* e) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = ready()) return r;
  if (!events.erase(e)) return CUDA_ERROR_INVALID_HANDLE;
  delete e;
  return CUDA_SUCCESS;
}

EXPORT CUresult cuGetErrorString(CUresult r, const char** s) {
  switch (r) {
  case CUDA_SUCCESS: *s = "no error"; break;
  case CUDA_ERROR_INVALID_VALUE: *s = "invalid argument"; break;
  case CUDA_ERROR_OUT_OF_MEMORY: *s = "out of memory"; break;
  case CUDA_ERROR_NOT_INITIALIZED: *s = "initialization error"; break;
  case CUDA_ERROR_INVALID_DEVICE: *s = "invalid device ordinal"; break;
  case CUDA_ERROR_INVALID_IMAGE: *s = "device kernel image is invalid"; break;
  case CUDA_ERROR_INVALID_CONTEXT: *s = "invalid device context"; break;
  case CUDA_ERROR_INVALID_HANDLE: *s = "invalid resource handle"; break;
  case CUDA_ERROR_NOT_FOUND: *s = "named symbol not found"; break;
  case CUDA_ERROR_NOT_READY: *s = "device not ready"; break;
  case CUDA_ERROR_ILLEGAL_ADDRESS: *s = "an illegal memory access was encountered"; break;
  default: *s = nullptr; return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

// NVRTC.

enum { NVRTC_SUCCESS = 0, NVRTC_ERROR_INVALID_INPUT = 3, NVRTC_ERROR_INVALID_PROGRAM = 4, NVRTC_ERROR_COMPILATION = 6 };

struct Program { std::string src, name, log; std::vector<char> image; };

EXPORT int nvrtcVersion(int* major, int* minor) {
  *major = 13;
  *minor = 0;
  return NVRTC_SUCCESS;
}

EXPORT const char* nvrtcGetErrorString(int r) {
  switch (r) {
  case NVRTC_SUCCESS: return "NVRTC_SUCCESS";
  case NVRTC_ERROR_INVALID_INPUT: return "NVRTC_ERROR_INVALID_INPUT";
  case NVRTC_ERROR_INVALID_PROGRAM: return "NVRTC_ERROR_INVALID_PROGRAM";
  case NVRTC_ERROR_COMPILATION: return "NVRTC_ERROR_COMPILATION";
  }
  return "NVRTC_ERROR unknown";
}

EXPORT int nvrtcCreateProgram(Program** out, const char* src, const char* name, int nHeaders, const char* const* headers,
                              const char* const* names) {
  if (!out || !src || nHeaders != 0) return NVRTC_ERROR_INVALID_INPUT;
  *out = new Program{src, name ? name : "default_program", "", {}};
  return NVRTC_SUCCESS;
}

EXPORT int nvrtcDestroyProgram(Program** p) {
  if (!p || !*p) return NVRTC_ERROR_INVALID_PROGRAM;
  delete *p;
  *p = nullptr;
  return NVRTC_SUCCESS;
}

static bool isIdent(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// launchers appends to src a launcher for each kernel it defines
// (`__global__ void [__launch_bounds__(...)] name(`): tlhost_<name> takes
// the grid, the block, the dynamic shared memory and kernelParams. A kernel that calls
// __syncthreads runs its blocks' threads together; any other runs a
// block on one thread.
static std::string launchers(const std::string& src) {
  std::vector<std::pair<size_t, std::string>> kernels;
  for (size_t at = src.find("__global__"); at != std::string::npos; at = src.find("__global__", at + 1)) {
    size_t i = at + strlen("__global__");
    auto skipSpace = [&] { while (i < src.size() && (src[i] == ' ' || src[i] == '\n' || src[i] == '\t')) i++; };
    skipSpace();
    if (src.compare(i, 4, "void") != 0) continue;
    i += 4;
    skipSpace();
    if (src.compare(i, 17, "__launch_bounds__") == 0) {
      i = src.find(')', i);
      if (i == std::string::npos) break;
      i++;
      skipSpace();
    }
    size_t start = i;
    while (i < src.size() && isIdent(src[i])) i++;
    if (i == start || i >= src.size() || src[i] != '(') continue;
    kernels.push_back({at, src.substr(start, i - start)});
  }
  std::string out;
  for (size_t k = 0; k < kernels.size(); k++) {
    size_t end = k + 1 < kernels.size() ? kernels[k + 1].first : src.size();
    bool sync = src.substr(kernels[k].first, end - kernels[k].first).find("__syncthreads") != std::string::npos;
    const std::string& n = kernels[k].second;
    out += "extern \"C\" __attribute__((visibility(\"default\"))) void tlhost_" + n +
           "(unsigned grid, unsigned block, unsigned shared, void** params) { tl_host_launch(" + n + ", grid, " +
           (sync ? "block" : "1") + ", shared, params); }\n";
  }
  return out;
}

// shimPath is hostgpu_shim.h beside this library.
static std::string shimPath() {
  Dl_info info;
  if (!dladdr((void*)nvrtcVersion, &info) || !info.dli_fname) return "hostgpu_shim.h";
  std::string lib = info.dli_fname;
  size_t slash = lib.rfind('/');
  return (slash == std::string::npos ? std::string(".") : lib.substr(0, slash)) + "/hostgpu_shim.h";
}

static bool readFile(const std::string& path, std::string* out) {
  FILE* f = fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) out->append(buf, n);
  fclose(f);
  return true;
}

// compileProgram compiles p for the host with the given -D flags (the
// matrix units to emulate) and stamps the image with machine.
static int compileProgram(Program* p, const std::string& defines, unsigned short machine) {
  const char* tmp = getenv("TMPDIR");
  std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/tlhostgpu-XXXXXX";
  if (!mkdtemp(&dir[0])) {
    p->log = std::string("hostgpu: mkdtemp: ") + strerror(errno);
    return NVRTC_ERROR_COMPILATION;
  }
  std::string cc = dir + "/kernel.cc", so = dir + "/kernel.so", log = dir + "/log";
  {
    FILE* f = fopen(cc.c_str(), "wb");
    if (!f) {
      p->log = "hostgpu: cannot write " + cc;
      return NVRTC_ERROR_COMPILATION;
    }
    std::string text = "#line 1 \"" + p->name + "\"\n" + p->src + "\n" + launchers(p->src);
    fwrite(text.data(), 1, text.size(), f);
    fclose(f);
  }
  const char* cxx = getenv("TL_HOSTGPU_CXX");
  std::string cmd = std::string(cxx && *cxx ? cxx : "g++") +
                    " -std=c++20 -pthread -O1 -ffp-contract=off -w -fPIC -shared -fvisibility=hidden" +
                    defines + " -include '" + shimPath() + "' -o '" + so + "' '" + cc + "' >'" +
                    log + "' 2>&1";
  const char* argv[] = {"/bin/sh", "-c", cmd.c_str(), nullptr};
  pid_t pid;
  int status = -1;
  if (posix_spawn(&pid, "/bin/sh", nullptr, nullptr, (char* const*)argv, environ) == 0) {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  std::string obj;
  bool ok = status == 0 && readFile(so, &obj);
  p->log.clear();
  readFile(log, &p->log);
  unlink(cc.c_str());
  unlink(so.c_str());
  unlink(log.c_str());
  rmdir(dir.c_str());
  if (!ok) {
    p->log = "hostgpu: " + cmd + "\n" + p->log;
    return NVRTC_ERROR_COMPILATION;
  }
  if (obj.size() < 64 || obj.compare(0, 4, "\x7f" "ELF") != 0) {
    p->log = "hostgpu: " + cmd + " wrote no ELF object";
    return NVRTC_ERROR_COMPILATION;
  }
  p->image.assign(obj.begin(), obj.end());
  memcpy(&p->image[18], &machine, 2);
  return NVRTC_SUCCESS;
}

EXPORT int nvrtcCompileProgram(Program* p, int n, const char* const* opts) {
  if (!p) return NVRTC_ERROR_INVALID_PROGRAM;
  int sm = 0;
  for (int i = 0; i < n; i++) {
    if (strncmp(opts[i], "--gpu-architecture=sm_", 22) == 0) sm = atoi(opts[i] + 22);
  }
  if (sm == 0) {
    p->log = "hostgpu: no --gpu-architecture=sm_NN option";
    return NVRTC_ERROR_INVALID_INPUT;
  }
  return compileProgram(p, sm >= 80 ? " -DTL_HOST_MMA" : "", emCUDA);
}

EXPORT int nvrtcGetProgramLogSize(Program* p, size_t* n) {
  if (!p) return NVRTC_ERROR_INVALID_PROGRAM;
  *n = p->log.size() + 1;
  return NVRTC_SUCCESS;
}

EXPORT int nvrtcGetProgramLog(Program* p, char* out) {
  if (!p) return NVRTC_ERROR_INVALID_PROGRAM;
  memcpy(out, p->log.c_str(), p->log.size() + 1);
  return NVRTC_SUCCESS;
}

EXPORT int nvrtcGetCUBINSize(Program* p, size_t* n) {
  if (!p || p->image.empty()) return NVRTC_ERROR_INVALID_PROGRAM;
  *n = p->image.size();
  return NVRTC_SUCCESS;
}

EXPORT int nvrtcGetCUBIN(Program* p, char* out) {
  if (!p || p->image.empty()) return NVRTC_ERROR_INVALID_PROGRAM;
  memcpy(out, p->image.data(), p->image.size());
  return NVRTC_SUCCESS;
}

// PTX is text: the same image would not be NUL-terminated PTX, so this
// NVRTC has none, and the caller must take the CUBIN (CUDA 11.1+).
EXPORT int nvrtcGetPTXSize(Program* p, size_t* n) { return NVRTC_ERROR_INVALID_INPUT; }
EXPORT int nvrtcGetPTX(Program* p, char* out) { return NVRTC_ERROR_INVALID_INPUT; }

// HIP and hiprtc: the same device, as an AMD GPU of $TL_HOSTGPU_GFX
// (default gfx942:sramecc+:xnack-, whose f16 and bf16 contractions take
// the MFMA bodies: emulated). HIP's calls have CUDA's error numbers. A
// thread that never called hipSetDevice runs on device 0, as HIP's do.

static const char* gfxArch() {
  const char* s = getenv("TL_HOSTGPU_GFX");
  return s && *s ? s : "gfx942:sramecc+:xnack-";
}

// hipThread makes device 0 current on a thread that has none.
static void hipThread() {
  if (!currentContext) currentContext = primaryContext;
}

EXPORT int hipInit(unsigned flags) { return cuInit(flags); }
EXPORT int hipGetDeviceCount(int* n) { return cuDeviceGetCount(n); }
EXPORT int hipSetDevice(int dev) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = device(dev)) return r;
  currentContext = primaryContext;
  return CUDA_SUCCESS;
}
EXPORT int hipDeviceGetAttribute(int* v, int attr, int dev) { return CUDA_ERROR_INVALID_VALUE; }
EXPORT int hipDeviceGetName(char* name, int n, int dev) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = device(dev)) return r;
  snprintf(name, n, "torchlower host emulation (not a GPU), %s", gfxArch());
  return CUDA_SUCCESS;
}
EXPORT int hipRuntimeGetVersion(int* v) {
  *v = 60300000;  // ROCm 6.3: hipDeviceProp_tR0600
  return CUDA_SUCCESS;
}
// hipGetDevicePropertiesR0600 fills the name (byte 0) and gcnArchName
// (byte 1160) of ROCm 6's hipDeviceProp_t, the fields the backend reads.
EXPORT int hipGetDevicePropertiesR0600(char* props, int dev) {
  std::lock_guard<std::mutex> l(mu);
  if (CUresult r = device(dev)) return r;
  snprintf(props, 256, "torchlower host emulation");
  snprintf(props + 1160, 256, "%s", gfxArch());
  return CUDA_SUCCESS;
}
EXPORT int hipMalloc(uintptr_t* p, size_t n) { hipThread(); return cuMemAlloc_v2(p, n); }
EXPORT int hipFree(uintptr_t p) { hipThread(); return cuMemFree_v2(p); }
EXPORT int hipMemcpyHtoD(uintptr_t dst, const void* src, size_t n) { hipThread(); return cuMemcpyHtoD_v2(dst, src, n); }
EXPORT int hipMemcpyDtoH(void* dst, uintptr_t src, size_t n) { hipThread(); return cuMemcpyDtoH_v2(dst, src, n); }
EXPORT int hipMemsetD8(uintptr_t p, unsigned char v, size_t n) { hipThread(); return cuMemsetD8_v2(p, v, n); }
EXPORT int hipModuleLoadData(Module** out, const void* image) {
  hipThread();
  return loadModule(out, image, emAMDGPU);
}
EXPORT int hipModuleUnload(Module* m) { hipThread(); return cuModuleUnload(m); }
EXPORT int hipModuleGetFunction(Function** out, Module* m, const char* name) { hipThread(); return cuModuleGetFunction(out, m, name); }
EXPORT int hipModuleLaunchKernel(Function* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                                 unsigned shared, uintptr_t stream, void** params, void** extra) {
  hipThread();
  return launchKernel(f, gx, gy, gz, bx, by, bz, shared, stream, params, extra, true);
}
EXPORT int hipStreamCreate(uintptr_t* s) { hipThread(); return cuStreamCreate(s, 0); }
EXPORT int hipStreamSynchronize(uintptr_t s) { hipThread(); return cuStreamSynchronize(s); }
EXPORT int hipStreamDestroy(uintptr_t s) { hipThread(); return cuStreamDestroy_v2(s); }
EXPORT int hipEventCreate(Event** e) { hipThread(); return cuEventCreate(e, 0); }
EXPORT int hipEventRecord(Event* e, uintptr_t s) { hipThread(); return cuEventRecord(e, s); }
EXPORT int hipEventSynchronize(Event* e) { hipThread(); return cuEventSynchronize(e); }
EXPORT int hipEventElapsedTime(float* ms, Event* start, Event* stop) { hipThread(); return cuEventElapsedTime_v2(ms, start, stop); }
EXPORT int hipEventDestroy(Event* e) { hipThread(); return cuEventDestroy_v2(e); }
EXPORT const char* hipGetErrorString(int r) {
  const char* s = nullptr;
  cuGetErrorString(r, &s);
  return s ? s : "unknown error";
}

EXPORT int hiprtcVersion(int* major, int* minor) {
  *major = 6;
  *minor = 3;
  return 0;
}
EXPORT const char* hiprtcGetErrorString(int r) { return nvrtcGetErrorString(r); }
EXPORT int hiprtcCreateProgram(Program** out, const char* src, const char* name, int nHeaders, const char* const* headers,
                               const char* const* names) {
  return nvrtcCreateProgram(out, src, name, nHeaders, headers, names);
}
EXPORT int hiprtcDestroyProgram(Program** p) { return nvrtcDestroyProgram(p); }
EXPORT int hiprtcCompileProgram(Program* p, int n, const char* const* opts) {
  if (!p) return NVRTC_ERROR_INVALID_PROGRAM;
  std::string arch;
  for (int i = 0; i < n; i++) {
    if (strncmp(opts[i], "--offload-arch=", 15) == 0) arch = opts[i] + 15;
  }
  if (arch.empty()) {
    p->log = "hostgpu: no --offload-arch=gfxNNN option";
    return NVRTC_ERROR_INVALID_INPUT;
  }
  // gfx94x's MFMA takes f16 and bf16 (TL_HOST_MFMA emulates both); on
  // other archs the kernels take their other bodies, as on the GPU.
  return compileProgram(p, arch.compare(0, 5, "gfx94") == 0 ? " -DTL_HOST_MFMA" : "", emAMDGPU);
}
EXPORT int hiprtcGetProgramLogSize(Program* p, size_t* n) { return nvrtcGetProgramLogSize(p, n); }
EXPORT int hiprtcGetProgramLog(Program* p, char* out) { return nvrtcGetProgramLog(p, out); }
EXPORT int hiprtcGetCodeSize(Program* p, size_t* n) { return nvrtcGetCUBINSize(p, n); }
EXPORT int hiprtcGetCode(Program* p, char* out) { return nvrtcGetCUBIN(p, out); }
