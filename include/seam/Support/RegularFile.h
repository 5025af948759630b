//===- RegularFile.h - Open a file only if it is a regular file -*- C++ -*-===//
//
// Models, external weights and tensor files come from users: a path may name
// a FIFO (opening it for reading blocks until a writer comes), a device
// (endless data) or a folder. A RegularFile opens the path without blocking,
// checks the descriptor itself (no window between the check and the read to
// swap the file) and reads only the byte range asked for, memory-mapped when
// large, so that a huge file is never read whole to use a small part of it.
//
//===----------------------------------------------------------------------===//

#ifndef SEAM_SUPPORT_REGULARFILE_H
#define SEAM_SUPPORT_REGULARFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace seam {

class RegularFile {
public:
  explicit RegularFile(llvm::StringRef path) : name(path.str()) {
    fd = ::open(name.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
      why = std::strerror(errno);
      return;
    }
    struct stat info;
    bool statted = ::fstat(fd, &info) == 0;
    if (!statted || !S_ISREG(info.st_mode)) {
      why = !statted                 ? std::strerror(errno)
            : S_ISDIR(info.st_mode)  ? "Is a directory"
            : S_ISFIFO(info.st_mode) ? "is not a regular file (a FIFO)"
                                     : "is not a regular file (a device or "
                                       "socket)";
      ::close(fd);
      fd = -1;
      return;
    }
    bytes = static_cast<uint64_t>(info.st_size);
    status = info;
  }
  ~RegularFile() {
    if (fd >= 0)
      ::close(fd);
  }
  RegularFile(const RegularFile &) = delete;
  RegularFile &operator=(const RegularFile &) = delete;

  /// Whether the file is open; if not, error() says why ("No such file or
  /// directory", "Is a directory", "is not a regular file (a FIFO)").
  bool ok() const { return fd >= 0; }
  const std::string &error() const { return why; }
  uint64_t size() const { return bytes; }
  /// The open descriptor (the RegularFile keeps it), when ok().
  int descriptor() const { return fd; }
  /// The open file's fstat (device, inode, times), when ok().
  const struct stat &fileStatus() const { return status; }

  /// Bytes [offset, offset + length) of the file, which the caller has
  /// checked against size().
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  read(uint64_t offset, uint64_t length) const {
    return llvm::MemoryBuffer::getOpenFileSlice(
        llvm::sys::fs::convertFDToNativeFile(fd), name, length,
        static_cast<int64_t>(offset));
  }
  /// Copies bytes [offset, offset + length) of the file, which the caller
  /// has checked against size(), to `out` (read(2): no mapping, so no page
  /// faults on the file's pages). False on a read error or a short file.
  bool readInto(uint64_t offset, size_t length, char *out) const {
    while (length > 0) {
      ssize_t n = ::pread(fd, out, length, static_cast<off_t>(offset));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return false;
      out += n;
      offset += static_cast<uint64_t>(n);
      length -= static_cast<size_t>(n);
    }
    return true;
  }
  /// The whole file.
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> read() const {
    return read(0, bytes);
  }

private:
  std::string name;
  std::string why;
  int fd = -1;
  uint64_t bytes = 0;
  struct stat status = {};
};

} // namespace seam

#endif // SEAM_SUPPORT_REGULARFILE_H
