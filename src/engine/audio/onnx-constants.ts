/**
 * Reads the float constants of an ONNX model file: the weights of a small network the engine
 * runs itself (silero.ts), without an ONNX runtime. ONNX is protocol buffers; only the fields
 * that lead to a Constant node's tensor are followed.
 */

interface Field {
  number: number;
  /** Length-delimited bytes, or a varint / fixed32 value. */
  bytes?: Uint8Array;
  value?: number;
}

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_BYTES = 2;
const WIRE_FIXED32 = 5;
/** ModelProto.graph, GraphProto.node, NodeProto.op_type/output/attribute, AttributeProto.t/g. */
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const NODE_OUTPUT = 2;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const ATTRIBUTE_TENSOR = 5;
const ATTRIBUTE_GRAPH = 6;
/** TensorProto.dims, data_type, float_data, raw_data; data type 1 is float32. */
const TENSOR_DIMS = 1;
const TENSOR_TYPE = 2;
const TENSOR_FLOATS = 4;
const TENSOR_RAW = 9;
const FLOAT32 = 1;

export interface FloatTensor {
  dims: number[];
  data: Float32Array;
}

function fields(buffer: Uint8Array): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      const byte = buffer[at++]!;
      result += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) return result;
      scale *= 128;
    }
  };
  while (at < buffer.length) {
    const key = varint();
    const number = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === WIRE_VARINT) out.push({ number, value: varint() });
    else if (wire === WIRE_BYTES) {
      const length = varint();
      out.push({ number, bytes: buffer.subarray(at, at + length) });
      at += length;
    } else if (wire === WIRE_FIXED32) at += 4;
    else if (wire === WIRE_FIXED64) at += 8;
    else throw new Error(`ONNX file: unexpected protobuf wire type ${wire}`);
  }
  return out;
}

const text = (bytes: Uint8Array | undefined): string => new TextDecoder().decode(bytes);

function packedVarints(bytes: Uint8Array): number[] {
  const values: number[] = [];
  let value = 0;
  let scale = 1;
  for (const byte of bytes) {
    value += (byte & 0x7f) * scale;
    scale *= 128;
    if ((byte & 0x80) === 0) {
      values.push(value);
      value = 0;
      scale = 1;
    }
  }
  return values;
}

function floatTensor(bytes: Uint8Array): FloatTensor | null {
  const parts = fields(bytes);
  if (parts.find((field) => field.number === TENSOR_TYPE)?.value !== FLOAT32) return null;
  const dims = parts
    .filter((field) => field.number === TENSOR_DIMS)
    .flatMap((field) => (field.bytes ? packedVarints(field.bytes) : [field.value!]));
  const stored =
    parts.find((field) => field.number === TENSOR_RAW)?.bytes ??
    parts.find((field) => field.number === TENSOR_FLOATS)?.bytes;
  if (!stored) return null;
  const data = new Float32Array(stored.length / 4);
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  for (let i = 0; i < data.length; i += 1) data[i] = view.getFloat32(4 * i, true);
  return { dims, data };
}

function collect(graph: Uint8Array, into: Map<string, FloatTensor>): void {
  for (const node of fields(graph).filter((field) => field.number === GRAPH_NODE)) {
    const parts = fields(node.bytes!);
    const attributes = parts.filter((field) => field.number === NODE_ATTRIBUTE);
    for (const attribute of attributes) {
      const inner = fields(attribute.bytes!);
      const subgraph = inner.find((field) => field.number === ATTRIBUTE_GRAPH);
      if (subgraph) collect(subgraph.bytes!, into);
      const tensor = inner.find((field) => field.number === ATTRIBUTE_TENSOR);
      const isConstant =
        text(parts.find((field) => field.number === NODE_OP_TYPE)?.bytes) === 'Constant';
      const decoded = tensor && isConstant ? floatTensor(tensor.bytes!) : null;
      const output = text(parts.find((field) => field.number === NODE_OUTPUT)?.bytes);
      if (decoded) into.set(output, decoded);
    }
  }
}

/** Every float32 Constant of the model, its subgraphs' included, by output name. */
export function onnxFloatConstants(model: Uint8Array): Map<string, FloatTensor> {
  const graph = fields(model).find((field) => field.number === MODEL_GRAPH);
  if (!graph?.bytes) throw new Error('ONNX file: no graph');
  const constants = new Map<string, FloatTensor>();
  collect(graph.bytes, constants);
  return constants;
}
