#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

/* libjpeg reports errors by calling error_exit, which must not return: it jumps back here,
   in C, so that no Swift frame is ever unwound by longjmp. */
struct cjpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    /* The scan that went past the limit, or 0. */
    int scans;
};

/* A progress monitor that stops the decoder at the first scan past `max_scans`: each scan of
   a progressive image is walked block by block, even when it holds no data, so a thousand
   empty scans would take a thousand passes. libjpeg calls it at least once per row of blocks. */
struct cjpeg_progress {
    struct jpeg_progress_mgr base;
    int max_scans;
};

static void cjpeg_count_scans(j_common_ptr info) {
    struct cjpeg_progress *progress = (struct cjpeg_progress *)info->progress;
    int scan = ((j_decompress_ptr)info)->input_scan_number;
    if (scan > progress->max_scans) {
        struct cjpeg_error *error = (struct cjpeg_error *)info->err;
        error->scans = scan;
        longjmp(error->jump, 1);
    }
}

static void cjpeg_error_exit(j_common_ptr info) {
    struct cjpeg_error *error = (struct cjpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void cjpeg_silence(j_common_ptr info) { (void)info; }

/* Decodes `data` to straight RGBA rows. With `out` NULL, only reads the header into `width`
   and `height`. Returns 0 on success, -1 with `message` set on failure, -2 when `capacity` is
   smaller than width × height × 4, -3 with `scans` set when the image has more than
   `max_scans` scans. */
static inline int cjpeg_decode(const unsigned char *data, unsigned long size, unsigned char *out,
                               size_t capacity, unsigned int *width, unsigned int *height,
                               int max_scans, int *scans, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct cjpeg_error error;
    struct cjpeg_progress progress;
    int status = 0;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjpeg_error_exit;
    error.base.output_message = cjpeg_silence;
    error.message[0] = 0;
    error.scans = 0;
    progress.base.progress_monitor = cjpeg_count_scans;
    progress.max_scans = max_scans;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        *scans = error.scans;
        jpeg_destroy_decompress(&info);
        return error.scans > 0 ? -3 : -1;
    }
    jpeg_create_decompress(&info);
    info.progress = &progress.base;
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *width = info.image_width;
    *height = info.image_height;
    if (out != NULL) {
        if ((size_t)info.image_width * info.image_height * 4 > capacity) {
            status = -2;
        } else {
            info.out_color_space = JCS_EXT_RGBA;
            jpeg_start_decompress(&info);
            size_t stride = (size_t)info.output_width * 4;
            while (info.output_scanline < info.output_height) {
                JSAMPROW row = out + (size_t)info.output_scanline * stride;
                jpeg_read_scanlines(&info, &row, 1);
            }
            jpeg_finish_decompress(&info);
        }
    }
    jpeg_destroy_decompress(&info);
    return status;
}

/* Encodes `rgb` (width × height pixels of 3 bytes, rows from the top) as a baseline JPEG at
   `quality` (1…100) whose JFIF header gives `density` dots per inch. Returns 0 with `*out`
   (libjpeg's buffer: free() it) and `*out_size` set, or -1 with `message` set. */
static inline int cjpeg_encode(const unsigned char *rgb, unsigned int width, unsigned int height,
                               int quality, unsigned short density, unsigned char **out,
                               unsigned long *out_size, char *message, size_t message_size) {
    struct jpeg_compress_struct info;
    struct cjpeg_error error;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjpeg_error_exit;
    error.base.output_message = cjpeg_silence;
    error.message[0] = 0;
    error.scans = 0;
    *out = NULL;
    *out_size = 0;
    if (setjmp(error.jump)) {
        snprintf(message, message_size, "%s", error.message);
        jpeg_destroy_compress(&info);
        free(*out);
        *out = NULL;
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, out, out_size);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.write_JFIF_header = TRUE;
    info.density_unit = 1;
    info.X_density = density;
    info.Y_density = density;
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    return 0;
}
