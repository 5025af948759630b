/* A C program that runs a model compiled ahead of time by seam-compile:
 *
 *   seam-compile model.onnx -o out --name=model [--triple=...]
 *   cc -DSEAM_MODEL_HEADER='"out/model.h"' -Iinclude examples/aot/run_model.c \
 *      out/model.o -Lbuild/<triple>/lib -lseam_runtime -fopenmp -lstdc++ -lm
 *   ./a.out out/model.weights input.bin output.bin
 *
 * It reads the model's first input as raw float32 from input.bin, runs the
 * model once and writes its first output, raw float32, to output.bin. The
 * functions are those of the generated header: model_create, model_run,
 * model_destroy. */
#include SEAM_MODEL_HEADER

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s WEIGHTS INPUT.bin OUTPUT.bin\n", argv[0]);
    return 1;
  }
  if (MODEL_NUM_INPUTS != 1 || MODEL_NUM_OUTPUTS != 1) {
    fprintf(stderr, "this example runs models with one input and output\n");
    return 1;
  }
  float *input = malloc(sizeof(float) * MODEL_INPUT_0_ELEMENTS);
  float *output = malloc(sizeof(float) * MODEL_OUTPUT_0_ELEMENTS);
  FILE *in = fopen(argv[2], "rb");
  if (!input || !output || !in ||
      fread(input, sizeof(float), MODEL_INPUT_0_ELEMENTS, in) !=
          MODEL_INPUT_0_ELEMENTS) {
    fprintf(stderr, "cannot read %d floats from %s\n",
            (int)MODEL_INPUT_0_ELEMENTS, argv[2]);
    return 1;
  }
  fclose(in);

  SeamAotInstance *model = model_create(argv[1]);
  if (!model) {
    fprintf(stderr, "model_create: %s\n", seam_aot_last_error());
    return 1;
  }
  const float *inputs[] = {input};
  float *outputs[] = {output};
  if (model_run(model, inputs, outputs, /*threads=*/0) != 0) {
    fprintf(stderr, "model_run: %s\n", seam_aot_last_error());
    return 1;
  }
  model_destroy(model);

  FILE *out = fopen(argv[3], "wb");
  if (!out || fwrite(output, sizeof(float), MODEL_OUTPUT_0_ELEMENTS, out) !=
                  MODEL_OUTPUT_0_ELEMENTS) {
    fprintf(stderr, "cannot write %s\n", argv[3]);
    return 1;
  }
  fclose(out);
  printf("%s: %d outputs written\n", MODEL_OUTPUT_0_NAME,
         (int)MODEL_OUTPUT_0_ELEMENTS);
  free(input);
  free(output);
  return 0;
}
