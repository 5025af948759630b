// ONNX Runtime side of bench/compare: loads a model with onnxruntime-node, runs it on .npy
// inputs, times it, writes its outputs as .npy and prints one JSON line of timings.
//
//   NODE_PATH=<folder>/node_modules node bench/ort_runner.js --model model.onnx
//       --input input=input.npy [--input ...] --threads N --runs R [--warmup W]
//       [--save-outputs DIR]
//
// Prints: {"create_ms": .., "first_run_ms": .., "median_ms": .., "min_ms": .., "max_ms": ..,
//          "runs": R, "version": "..", "outputs": {"output": "DIR/output.npy"}}
// Session options: graph optimization level "all", intra-op threads = N, one inter-op
// thread, sequential execution. Tensors of float32, float64, int64, int32, int8, uint8 and
// bool are read and written.
'use strict';

const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

function parseArgs(argv) {
  const args = { inputs: [], threads: 1, runs: 10, warmup: -1, saveOutputs: '' };
  for (let i = 0; i < argv.length; ++i) {
    const flag = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      return argv[++i];
    };
    if (flag === '--model') args.model = value();
    else if (flag === '--input') args.inputs.push(value());
    else if (flag === '--threads') args.threads = parseInt(value(), 10);
    else if (flag === '--runs') args.runs = parseInt(value(), 10);
    else if (flag === '--warmup') args.warmup = parseInt(value(), 10);
    else if (flag === '--save-outputs') args.saveOutputs = value();
    else throw new Error(`unknown argument '${flag}'`);
  }
  if (!args.model) throw new Error('--model is required');
  if (args.warmup < 0) args.warmup = Math.min(args.runs, 5); // as seam-run --bench
  return args;
}

// .npy dtype <-> ONNX Runtime tensor type, with the typed array and the per-element size.
const NPY_TYPES = {
  '<f4': ['float32', Float32Array],
  '<f8': ['float64', Float64Array],
  '<i8': ['int64', BigInt64Array],
  '<i4': ['int32', Int32Array],
  '|i1': ['int8', Int8Array],
  '|u1': ['uint8', Uint8Array],
  '|b1': ['bool', Uint8Array],
};

// .npy (format 1.0-3.0), little-endian, C order, of a type in NPY_TYPES.
function readNpy(file) {
  const buf = fs.readFileSync(file);
  if (buf.readUInt8(0) !== 0x93 || buf.toString('latin1', 1, 6) !== 'NUMPY')
    throw new Error(`${file}: not a .npy file`);
  const major = buf.readUInt8(6);
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = buf.toString('latin1', start, start + headerLen);
  const descr = /'descr':\s*'([^']*)'/.exec(header);
  const fortran = /'fortran_order':\s*(True|False)/.exec(header);
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header);
  if (!descr || !fortran || !shape) throw new Error(`${file}: malformed header ${header}`);
  const type = NPY_TYPES[descr[1]];
  if (!type)
    throw new Error(`${file}: dtype ${descr[1]}; read are ${Object.keys(NPY_TYPES).join(' ')}`);
  if (fortran[1] === 'True') throw new Error(`${file}: Fortran order is not read`);
  const dims = shape[1].split(',').map((s) => s.trim()).filter((s) => s.length).map(Number);
  const count = dims.reduce((a, b) => a * b, 1);
  const offset = start + headerLen;
  const [name, ArrayType] = type;
  const bytes = count * ArrayType.BYTES_PER_ELEMENT;
  if (buf.length < offset + bytes) throw new Error(`${file}: truncated data`);
  // Copy into a fresh (aligned) buffer: the file's data offset need not be aligned.
  const data = new ArrayType(count);
  new Uint8Array(data.buffer).set(buf.subarray(offset, offset + bytes));
  return new ort.Tensor(name, name === 'bool' ? Uint8Array.from(data, (x) => x !== 0) : data,
                        dims);
}

function writeNpy(file, tensor) {
  const descr = Object.keys(NPY_TYPES).find((d) => NPY_TYPES[d][0] === tensor.type);
  if (!descr) throw new Error(`output of type ${tensor.type} is not written`);
  const shape = tensor.dims.length === 1 ? `(${tensor.dims[0]},)` : `(${tensor.dims.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const head = Buffer.alloc(10);
  head.writeUInt8(0x93, 0);
  head.write('NUMPY', 1, 'latin1');
  head.writeUInt8(1, 6);
  head.writeUInt8(0, 7);
  head.writeUInt16LE(header.length, 8);
  const data = Buffer.from(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength);
  fs.writeFileSync(file, Buffer.concat([head, Buffer.from(header, 'latin1'), data]));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const feeds = {};
  for (const spec of args.inputs) {
    const eq = spec.indexOf('=');
    if (eq < 0) throw new Error(`--input wants name=file.npy, got '${spec}'`);
    feeds[spec.slice(0, eq)] = readNpy(spec.slice(eq + 1));
  }

  let start = process.hrtime.bigint();
  const ms = (from) => Number(process.hrtime.bigint() - from) / 1e6;
  const session = await ort.InferenceSession.create(args.model, {
    graphOptimizationLevel: 'all',
    intraOpNumThreads: args.threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    executionProviders: ['cpu'],
  });
  const createMs = ms(start);

  start = process.hrtime.bigint();
  const outputs = await session.run(feeds);
  const firstRunMs = ms(start);

  for (let i = 0; i < args.warmup; ++i) await session.run(feeds);
  const times = [];
  for (let i = 0; i < args.runs; ++i) {
    start = process.hrtime.bigint();
    await session.run(feeds);
    times.push(ms(start));
  }
  times.sort((a, b) => a - b);
  const n = times.length;
  const median = n === 0 ? NaN : n % 2 ? times[(n - 1) / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;

  const written = {};
  if (args.saveOutputs) {
    fs.mkdirSync(args.saveOutputs, { recursive: true });
    for (const [name, tensor] of Object.entries(outputs)) {
      written[name] = path.join(args.saveOutputs, `${name}.npy`);
      writeNpy(written[name], tensor);
    }
  }
  let version = '';
  try {
    version = require('onnxruntime-node/package.json').version;
  } catch (e) {
    version = ort.env.versions ? ort.env.versions.node || '' : '';
  }
  console.log(JSON.stringify({
    create_ms: createMs, first_run_ms: firstRunMs, median_ms: median,
    min_ms: n ? times[0] : NaN, max_ms: n ? times[n - 1] : NaN, runs: n,
    version, outputs: written,
  }));
}

main().catch((e) => {
  console.error(`ort_runner: ${e.message}`);
  process.exit(1);
});
