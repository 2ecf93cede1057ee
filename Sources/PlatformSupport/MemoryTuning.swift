#if canImport(Glibc)
    import Glibc
#endif

/// Process-wide allocator settings for a long-running server.
public enum MemoryTuning {
    /// Allocations of at least `bytes` get their own memory mapping, returned to the system
    /// when freed. glibc otherwise raises that threshold after the first large buffer is freed
    /// and keeps later ones (drawn pictures: 2.9 MB for 1200×800) in its heaps for good, which
    /// kept the server's RSS 25 MB higher after a few hundred pictures. No-op elsewhere.
    public static func mapLargeAllocations(atLeast bytes: Int = 1 << 20) {
        #if canImport(Glibc)
            // `mallopt` is not in the Glibc module; it is looked up once in the C library.
            // M_MMAP_THRESHOLD is -3 in glibc's <malloc.h>.
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: MallOpt.self)(-3, Int32(clamping: bytes))
        #endif
    }

    /// Gives the pages free in the allocator's heaps back to the system (glibc `malloc_trim`),
    /// after a large release such as many streams closing at once: glibc keeps freed memory
    /// below the mapping threshold in its heaps, so the RSS would stay at its peak. It walks
    /// every heap, so call it after a large release, not after every free. No-op elsewhere.
    public static func returnFreeMemory() {
        #if canImport(Glibc)
            typealias MallocTrim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
