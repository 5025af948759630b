//===- RegionDesc.cpp - Print and parse region descriptions ---------------===//
//
// C++ standard library only: part of the dnnl runtime library.
//
//===----------------------------------------------------------------------===//

#include "RegionDesc.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace seam::dnnl_region {

namespace {

struct KindName {
  OpKind kind;
  const char *keyword;
};

constexpr KindName kKinds[] = {
    {OpKind::Conv, "conv"},       {OpKind::MatMul, "matmul"},
    {OpKind::Pool, "pool"},       {OpKind::Softmax, "softmax"},
    {OpKind::Eltwise, "eltwise"}, {OpKind::Binary, "binary"},
    {OpKind::BatchNorm, "batchnorm"}, {OpKind::Concat, "concat"},
    {OpKind::Reshape, "reshape"},     {OpKind::Transpose, "transpose"},
    {OpKind::Slice, "slice"},         {OpKind::Reduce, "reduce"},
};

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

std::string joinInts(const std::vector<int64_t> &values, char separator) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? std::string(1, separator) : "") + std::to_string(values[i]);
  return text;
}

std::string printFloat(float value) {
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.9g", value);
  return buffer;
}

void printOp(std::ostream &os, const OpDesc &op) {
  os << getOpKeyword(op.kind) << " dst=" << op.dst;
  auto list = [&](const char *key, const std::vector<int64_t> &values) {
    if (!values.empty())
      os << ' ' << key << '=' << joinInts(values, ',');
  };
  switch (op.kind) {
  case OpKind::Conv:
  case OpKind::MatMul:
    os << " src=" << op.srcs[0] << " weights=" << op.srcs[1];
    if (op.bias >= 0)
      os << " bias=" << op.bias;
    if (op.kind == OpKind::Conv) {
      list("strides", op.strides);
      list("pads", op.pads);
      list("dilations", op.dilations);
      os << " group=" << op.group;
    } else {
      os << " trans_a=" << op.transA << " trans_b=" << op.transB
         << " alpha=" << printFloat(op.alpha)
         << " beta=" << printFloat(op.beta);
    }
    break;
  case OpKind::Pool:
    os << " src=" << op.srcs[0] << " alg=" << op.alg;
    list("kernel", op.kernel);
    list("strides", op.strides);
    list("pads", op.pads);
    list("dilations", op.dilations);
    break;
  case OpKind::Softmax:
    os << " src=" << op.srcs[0] << " axis=" << op.axis;
    break;
  case OpKind::Reshape:
    os << " src=" << op.srcs[0];
    break;
  case OpKind::Transpose:
    os << " src=" << op.srcs[0];
    list("perm", op.perm);
    break;
  case OpKind::Slice:
    os << " src=" << op.srcs[0];
    list("offsets", op.offsets);
    break;
  case OpKind::Reduce:
    os << " src=" << op.srcs[0] << " alg=" << op.alg;
    break;
  case OpKind::Eltwise:
    os << " src=" << op.srcs[0] << " alg=" << op.alg
       << " alpha=" << printFloat(op.alpha) << " beta=" << printFloat(op.beta);
    break;
  case OpKind::Binary:
    os << " src=" << op.srcs[0] << " src1=" << op.srcs[1] << " alg=" << op.alg;
    break;
  case OpKind::BatchNorm:
    os << " src=" << op.srcs[0] << " scale=" << op.srcs[1]
       << " bias=" << op.srcs[2] << " mean=" << op.srcs[3]
       << " var=" << op.srcs[4] << " epsilon=" << printFloat(op.epsilon);
    break;
  case OpKind::Concat:
    list("srcs", op.srcs);
    os << " axis=" << op.axis;
    break;
  }
  for (const PostOp &post : op.postOps) {
    if (post.kind == PostOp::Kind::Sum)
      os << " post=sum:" << post.value;
    else
      os << " post=eltwise:" << post.alg << ':' << printFloat(post.alpha)
         << ':' << printFloat(post.beta);
  }
  os << '\n';
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end - start));
    if (end == std::string::npos)
      return parts;
    start = end + 1;
  }
}

bool parseInt(const std::string &text, int64_t &value) {
  if (text.empty())
    return false;
  errno = 0;
  char *end = nullptr;
  value = std::strtoll(text.c_str(), &end, 10);
  return errno == 0 && *end == '\0';
}

bool parseFloat(const std::string &text, float &value) {
  if (text.empty())
    return false;
  char *end = nullptr;
  value = std::strtof(text.c_str(), &end);
  return *end == '\0';
}

bool parseInts(const std::string &text, char separator,
               std::vector<int64_t> &values) {
  values.clear();
  for (const std::string &part : split(text, separator)) {
    int64_t value;
    if (!parseInt(part, value))
      return false;
    values.push_back(value);
  }
  return true;
}

/// Parses one line; returns "" or what is wrong with it.
class LineParser {
public:
  LineParser(RegionDesc &region) : region(region) {}

  std::string parseLine(const std::vector<std::string> &tokens) {
    const std::string &head = tokens[0];
    if (head == "value") {
      int64_t id;
      std::vector<int64_t> dims;
      if (tokens.size() != 3 || !parseInt(tokens[1], id) ||
          id != static_cast<int64_t>(region.values.size()) ||
          !parseInts(tokens[2], 'x', dims))
        return "expected 'value <next id> <dims>'";
      region.values.push_back(dims);
      return "";
    }
    for (auto [keyword, list] :
         {std::make_pair("input", &region.inputs),
          std::make_pair("weight", &region.weights),
          std::make_pair("output", &region.outputs)}) {
      if (head != keyword)
        continue;
      int64_t id;
      if (tokens.size() != 2 || !parseInt(tokens[1], id) || !isValue(id))
        return std::string("expected '") + keyword + " <value>'";
      list->push_back(id);
      return "";
    }
    for (const KindName &kind : kKinds)
      if (head == kind.keyword)
        return parseOp(kind.kind, tokens);
    return "unknown item '" + head + "'";
  }

private:
  bool isValue(int64_t id) const {
    return id >= 0 && id < static_cast<int64_t>(region.values.size());
  }

  std::string parseOp(OpKind kind, const std::vector<std::string> &tokens) {
    OpDesc op;
    op.kind = kind;
    // Operands by key; the order of `srcs` is fixed per kind below.
    int64_t src = -1, weights = -1, src1 = -1, scale = -1, bias = -1,
            mean = -1, var = -1;
    for (size_t i = 1; i < tokens.size(); ++i) {
      size_t eq = tokens[i].find('=');
      if (eq == std::string::npos)
        return "expected key=value, found '" + tokens[i] + "'";
      std::string key = tokens[i].substr(0, eq), value = tokens[i].substr(eq + 1);
      bool ok = true;
      int64_t flag = 0;
      if (key == "dst") ok = parseInt(value, op.dst) && isValue(op.dst);
      else if (key == "src") ok = parseInt(value, src) && isValue(src);
      else if (key == "weights") ok = parseInt(value, weights) && isValue(weights);
      else if (key == "src1") ok = parseInt(value, src1) && isValue(src1);
      else if (key == "scale") ok = parseInt(value, scale) && isValue(scale);
      else if (key == "bias") ok = parseInt(value, bias) && isValue(bias);
      else if (key == "mean") ok = parseInt(value, mean) && isValue(mean);
      else if (key == "var") ok = parseInt(value, var) && isValue(var);
      else if (key == "srcs") {
        ok = parseInts(value, ',', op.srcs);
        for (int64_t id : op.srcs)
          ok = ok && isValue(id);
      }
      else if (key == "kernel") ok = parseInts(value, ',', op.kernel);
      else if (key == "strides") ok = parseInts(value, ',', op.strides);
      else if (key == "pads") ok = parseInts(value, ',', op.pads);
      else if (key == "dilations") ok = parseInts(value, ',', op.dilations);
      else if (key == "perm") ok = parseInts(value, ',', op.perm);
      else if (key == "offsets") ok = parseInts(value, ',', op.offsets);
      else if (key == "group") ok = parseInt(value, op.group) && op.group > 0;
      else if (key == "axis") ok = parseInt(value, op.axis);
      else if (key == "trans_a") { ok = parseInt(value, flag); op.transA = flag; }
      else if (key == "trans_b") { ok = parseInt(value, flag); op.transB = flag; }
      else if (key == "alpha") ok = parseFloat(value, op.alpha);
      else if (key == "beta") ok = parseFloat(value, op.beta);
      else if (key == "epsilon") ok = parseFloat(value, op.epsilon);
      else if (key == "alg") op.alg = value;
      else if (key == "post") {
        std::string error = parsePostOp(value, op);
        if (!error.empty())
          return error;
      } else
        return "unknown key '" + key + "'";
      if (!ok)
        return "bad value '" + value + "' of '" + key + "'";
    }
    if (op.dst < 0)
      return std::string(getOpKeyword(kind)) + " without dst";
    switch (kind) {
    case OpKind::Conv:
    case OpKind::MatMul:
      op.srcs = {src, weights};
      op.bias = bias;
      break;
    case OpKind::Binary:
      op.srcs = {src, src1};
      break;
    case OpKind::BatchNorm:
      op.srcs = {src, scale, bias, mean, var};
      break;
    case OpKind::Concat:
      break;
    default:
      op.srcs = {src};
      break;
    }
    for (int64_t id : op.srcs)
      if (id < 0)
        return std::string(getOpKeyword(kind)) + " misses an operand";
    if (op.srcs.empty())
      return std::string(getOpKeyword(kind)) + " has no operands";
    region.ops.push_back(std::move(op));
    return "";
  }

  std::string parsePostOp(const std::string &text, OpDesc &op) {
    std::vector<std::string> parts = split(text, ':');
    PostOp post;
    if (parts[0] == "sum" && parts.size() == 2) {
      post.kind = PostOp::Kind::Sum;
      if (!parseInt(parts[1], post.value) || !isValue(post.value))
        return "bad sum post-op '" + text + "'";
    } else if (parts[0] == "eltwise" && parts.size() == 4) {
      post.alg = parts[1];
      if (!parseFloat(parts[2], post.alpha) || !parseFloat(parts[3], post.beta))
        return "bad eltwise post-op '" + text + "'";
    } else {
      return "unknown post-op '" + text + "'";
    }
    op.postOps.push_back(std::move(post));
    return "";
  }

  RegionDesc &region;
};

} // namespace

const char *getOpKeyword(OpKind kind) {
  for (const KindName &k : kKinds)
    if (k.kind == kind)
      return k.keyword;
  return "?";
}

std::string print(const RegionDesc &region) {
  std::ostringstream os;
  os << kMagic << ' ' << kVersion << ' ' << region.name << '\n';
  for (size_t i = 0; i < region.values.size(); ++i)
    os << "value " << i << ' ' << joinInts(region.values[i], 'x') << '\n';
  for (int64_t id : region.inputs)
    os << "input " << id << '\n';
  for (int64_t id : region.weights)
    os << "weight " << id << '\n';
  for (const OpDesc &op : region.ops)
    printOp(os, op);
  for (int64_t id : region.outputs)
    os << "output " << id << '\n';
  return os.str();
}

bool parse(const char *text, RegionDesc &region, std::string &error) {
  region = RegionDesc();
  std::vector<std::string> lines = split(text, '\n');
  LineParser parser(region);
  bool sawHeader = false;
  for (size_t n = 0; n < lines.size(); ++n) {
    std::vector<std::string> tokens;
    for (std::string &token : split(lines[n], ' '))
      if (!token.empty())
        tokens.push_back(std::move(token));
    if (tokens.empty())
      continue;
    std::string problem;
    if (!sawHeader) {
      int64_t version = 0;
      if (tokens.size() != 3 || tokens[0] != kMagic ||
          !parseInt(tokens[1], version) || version != kVersion)
        problem = std::string("expected '") + kMagic + " " +
                  std::to_string(kVersion) + " <name>'";
      else
        region.name = tokens[2];
      sawHeader = true;
    } else {
      problem = parser.parseLine(tokens);
    }
    if (!problem.empty()) {
      error = "line " + std::to_string(n + 1) + ": " + problem;
      return false;
    }
  }
  if (!sawHeader) {
    error = "empty region description";
    return false;
  }
  return true;
}

} // namespace seam::dnnl_region
