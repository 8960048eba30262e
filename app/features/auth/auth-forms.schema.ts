import { z } from "zod";
import { hasContactDetails, NAME_HAS_CONTACT } from "~/features/profiles/public-contact";
import { formText } from "~/lib/form-fields";
import { PHONE_ERROR, parseNigerianPhone } from "~/lib/phone";

export const loginSchema = z.object({
  email: formText().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
  password: formText().min(1, "Password is required"),
  redirectTo: formText().optional(),
});

export const roles = ["musician", "client"] as const;

export const registerSchema = z
  .object({
    // Names are shown before any booking is paid (issue 27): no phone number or address in them.
    firstName: formText()
      .trim()
      .min(1, "First name is required")
      .max(100, { message: "First name is too long", abort: true })
      .refine((v) => !hasContactDetails(v), NAME_HAS_CONTACT),
    lastName: formText()
      .trim()
      .min(1, "Last name is required")
      .max(100, { message: "Last name is too long", abort: true })
      .refine((v) => !hasContactDetails(v), NAME_HAS_CONTACT),
    email: formText().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
    password: z
      .string()
      .min(8, "Password must be at least 8 characters")
      .max(128, "Password must be at most 128 characters"),
    role: z.enum(roles, { error: "Please choose a role" }),
    // A musician's website goes live at sign-up, and a live website needs a number organisers can call.
    phoneNumber: formText().trim().max(40, PHONE_ERROR).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role !== "musician" && !v.phoneNumber) return;
    const phone = parseNigerianPhone(v.phoneNumber);
    if (!phone.ok) ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: phone.error });
  });

export const forgotPasswordSchema = z.object({
  email: formText().trim().min(1, "Email is required").pipe(z.email("Invalid email address")),
});

export const resetPasswordSchema = z
  .object({
    token: formText().min(1, "This reset link is invalid or has expired"),
    password: z
      .string()
      .min(8, "Password must be at least 8 characters")
      .max(128, "Password must be at most 128 characters"),
    confirmPassword: formText(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
